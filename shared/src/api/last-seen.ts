/**
 * The answers a shopper last saw, for when the network is gone (docs/decisions/0005-installable-offline.md): the catalogue (public
 * answers) and the shopper's own bag, orders and addresses, each kept as its envelope in the page's
 * Cache Storage under its URL and language. Online answers are never replaced by these: the base
 * query reads them only after a network error. Nothing with money of the account (balance, wallet,
 * records) or a token is kept, and signing out deletes the whole store.
 */
const STORE = 'mp-last-seen-v1';
/** Bounded: past this many answers the oldest go first (Cache Storage keeps keys in insertion order). */
const LAST_SEEN_MAX_ANSWERS = 300;

const KEPT = [
  /^\/catalogue\/[a-z_]+(?:\?|$)/,
  /^\/bag(?:\?|$)/,
  /^\/user\/order_list(?:\?|$)/,
  /^\/order\/detail(?:\?|$)/,
  /^\/user\/address(?:_list)?(?:\?|$)/,
];

/** Whether the answer of `GET <API_BASE><path>` is kept for offline use. */
export const keepsLastSeen = (path: string): boolean => KEPT.some((pattern) => pattern.test(path));

const available = (): boolean => typeof caches !== 'undefined';

const keyOf = (url: string, lang: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}__lang=${encodeURIComponent(lang)}`;

let writes = 0;
const trim = async (cache: Cache) => {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - LAST_SEEN_MAX_ANSWERS)).map((key) => cache.delete(key)));
};

/** Keeps `envelope` as the last answer of `url` in `lang`; failures only lose the offline copy. */
export const rememberAnswer = async (url: string, lang: string, envelope: unknown): Promise<void> => {
  if (!available()) return;
  try {
    const cache = await caches.open(STORE);
    const key = keyOf(url, lang);
    // Deleted first, so a refreshed answer moves to the end of the insertion order.
    await cache.delete(key);
    await cache.put(key, new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } }));
    writes += 1;
    if (writes % 20 === 0) await trim(cache);
  } catch {
    // Storage full, private mode: nothing to show offline, nothing else lost.
  }
};

/** The envelope last kept for `url` in `lang`, or null. */
export const lastSeenAnswer = async (url: string, lang: string): Promise<unknown> => {
  if (!available()) return null;
  try {
    const response = await (await caches.open(STORE)).match(keyOf(url, lang));
    return response ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
};

/** Signing out: nothing of this shopper stays on the device. */
export const forgetLastSeen = async (): Promise<void> => {
  if (!available()) return;
  try {
    await caches.delete(STORE);
  } catch {
    // Nothing stored.
  }
};
