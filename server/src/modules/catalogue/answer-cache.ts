/**
 * Answers that are the same for every shopper (search, hot products, categories …), kept in memory for a
 * few seconds per distinct query. The HTTP answer already lets any browser or CDN reuse them for 30 s, so
 * this adds no staleness a shopper could not already see; it spares the database the same query repeated
 * by every shopper in the meantime. Identical queries arriving together share one database read, a failed
 * read is not kept, and the oldest entry goes first once `maxEntries` are held (a page holds at most 100
 * cards, about 25 KB, so memory stays bounded whatever queries arrive).
 */
export const createAnswerCache = ({
  ttlMs = 5_000,
  maxEntries = 300,
  now = Date.now,
}: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) => {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const at = now();
      const kept = entries.get(key);
      if (kept && at - kept.at < ttlMs) return kept.value as Promise<T>;
      if (kept) entries.delete(key);
      const value = load();
      entries.set(key, { at, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
};

export type AnswerCache = ReturnType<typeof createAnswerCache>;
