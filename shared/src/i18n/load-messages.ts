import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@marketplace/shared/contracts/core';
import { fetchLocale } from './fetch-locale';

export type Messages = Record<string, unknown>;

declare global {
  /**
   * The build's public path at run time, set by Rspack: `/` for the shell, `/mfe/<area>/<version>/`
   * for a remote (`publicPath: 'auto'`). Read in each app's own code, so a remote's URLs are its own.
   */
  const __webpack_public_path__: string;
}

/**
 * Only the 34 codes ever reach `load`, so a language value cannot walk the server's folders; a
 * language whose file cannot be read (missing, offline) falls back to English.
 */
export const loadWithFallback = async (lang: string, load: (code: string) => Promise<Messages>): Promise<Messages> => {
  if (isLanguageCode(lang) && lang !== DEFAULT_LANGUAGE) {
    try {
      return await load(lang);
    } catch {
      // No file for this language, or it could not be fetched: English below.
    }
  }
  return load(DEFAULT_LANGUAGE);
};

/**
 * The messages of `lang` from `<dir>/<code>.json`, English when that fails. Language files are static
 * assets of each build (`<public path><process.env.LOCALES_DIR>/<namespace>/<code>.json`, see
 * shared/federation/locale-assets-plugin.mjs), so no language adds a byte to the JavaScript: build
 * `dir` in the app's own module from `__webpack_public_path__` and `process.env.LOCALES_DIR`.
 */
export const loadLocaleFile = (lang: string, dir: string): Promise<Messages> =>
  loadWithFallback(lang, (code) => fetchLocale(`${dir}/${code}.json`));

/** This build's language files: the copy of the shared package that runs reads its own build's. */
const sharedLocales = (ns: string) => `${__webpack_public_path__}${process.env.LOCALES_DIR}/${ns}`;

/** The `common` namespace: shell and shared UI texts. */
export const loadCommonMessages = (lang: string): Promise<Messages> => loadLocaleFile(lang, sharedLocales('common'));

/** The `errors` namespace: the server's message catalogue (`err.*`, `ok.*`). */
export const loadErrorMessages = (lang: string): Promise<Messages> => loadLocaleFile(lang, sharedLocales('errors'));

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
