import { I18N_BASE_OPTIONS, addCoreNamespaces, htmlLangPlurals } from '@marketplace/shared';
import { LANGUAGE_CODES, findLanguage } from '@marketplace/shared/contracts/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadRemoteNamespaces } from './remote-namespaces';

/** `<html lang dir>` follow the language; Arabic and Urdu lay out right to left. */
const applyDocumentLanguage = (lang: string): void => {
  const language = findLanguage(lang);
  document.documentElement.lang = language?.htmlLang ?? lang;
  document.documentElement.dir = language?.dir ?? 'ltr';
};

/** The one i18next instance (a federated singleton), with `common` and `errors` in place before any render. */
export const initI18n = async (lang: string): Promise<typeof i18next> => {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .use(htmlLangPlurals)
      .init({
        ...I18N_BASE_OPTIONS,
        lng: lang,
        supportedLngs: [...LANGUAGE_CODES],
        nonExplicitSupportedLngs: false,
        resources: {},
        partialBundledLanguages: true,
        react: { useSuspense: false },
      });
  }
  await addCoreNamespaces(i18next, lang);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
  return i18next;
};

/** Every namespace in use is in place before the switch, so no screen shows raw keys. */
export const switchLanguage = async (lang: string): Promise<void> => {
  await Promise.all([addCoreNamespaces(i18next, lang), loadRemoteNamespaces(lang)]);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
};
