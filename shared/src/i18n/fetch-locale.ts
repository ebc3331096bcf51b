/** A language file as read (load-messages.ts calls it `Messages`). */
type Messages = Record<string, unknown>;

/** Answers already read, by URL: a language switched back to costs no request. */
const cache = new Map<string, Promise<Messages>>();

/**
 * One language file by URL: the only way messages reach the app (the jest setup answers these URLs
 * from the files on disk, tools/jest/setup-web.ts). A failed answer rejects, and is not kept, so the
 * caller falls back to English and a later try asks again.
 */
export const fetchLocale = (url: string): Promise<Messages> => {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return (await response.json()) as Messages;
    });
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
};
