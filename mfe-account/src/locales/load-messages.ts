import { loadWithFallback, type Messages } from '@marketplace/shared';

/** The account texts of a language; each file is its own chunk, and a language without one reads English. */
export const loadAccountMessages = (lang: string): Promise<Messages> =>
  loadWithFallback(lang, async (code) => (await import(`./${code}.json`)).default as Messages);
