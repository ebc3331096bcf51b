import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@marketplace/shared/contracts';

export type Messages = Record<string, unknown>;

const messagesOf = (module: { default?: Messages } & Messages): Messages => module.default ?? module;

/**
 * Only the 34 codes ever reach the import, so a language value cannot walk the file system; a
 * code without a file yet falls back to English. The bundler turns each template import into a
 * map of the files present, so adding `<lang>.json` is all a new language takes.
 */
export const loadWithFallback = async (lang: string, load: (code: string) => Promise<Messages>): Promise<Messages> => {
  if (isLanguageCode(lang) && lang !== DEFAULT_LANGUAGE) {
    try {
      return await load(lang);
    } catch {
      // No file for this language yet: English below.
    }
  }
  return load(DEFAULT_LANGUAGE);
};

/** The `common` namespace: shell and shared UI texts. */
export const loadCommonMessages = (lang: string): Promise<Messages> =>
  loadWithFallback(lang, async (code) => messagesOf(await import(`./locales/${code}/common.json`)));

/** The `errors` namespace: the server's message catalogue (`err.*`, `ok.*`). */
export const loadErrorMessages = (lang: string): Promise<Messages> =>
  loadWithFallback(lang, async (code) => messagesOf(await import(`../contracts/messages/${code}.json`)));

const addBundles = async (i18n: I18n, ns: string, load: (lang: string) => Promise<Messages>, lang: string) => {
  // English is loaded beside the chosen language so a key missing there falls back word for word.
  const langs = lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE];
  const bundles = await Promise.all(langs.map((code) => load(code)));
  bundles.forEach((messages, index) => i18n.addResourceBundle(langs[index] ?? lang, ns, messages, true, true));
};

/** Adds a remote's namespace for `lang`; call only after the shell's `i18n.init()` has finished. */
export const addRemoteNamespace = (
  i18n: I18n,
  ns: string,
  loadMessages: (lang: string) => Promise<Messages>,
  lang: string,
): Promise<void> => addBundles(i18n, ns, loadMessages, lang);

/** Adds the `common` and `errors` namespaces for `lang` (at start and on each language change). */
export const addCoreNamespaces = async (i18n: I18n, lang: string): Promise<void> => {
  await Promise.all([
    addBundles(i18n, 'common', loadCommonMessages, lang),
    addBundles(i18n, 'errors', loadErrorMessages, lang),
  ]);
};
