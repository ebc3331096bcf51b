import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './i18n/en.json';
import zhCn from './i18n/zh-cn.json';

/**
 * The seller centre's languages (cross-border sellers: English and Simplified Chinese): the code the
 * server's `lang` header takes, and the page's `lang`.
 */
export const LANGUAGES = [
  { code: 'en', htmlLang: 'en', label: 'English' },
  { code: 'zh-cn', htmlLang: 'zh-CN', label: '简体中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'seller.lang';

/** The saved choice, else the browser's language (Chinese for any zh-*), else English. */
const initialLanguage = (): Language => {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (LANGUAGES.some((language) => language.code === saved)) return saved as Language;
  return /^zh\b/i.test(globalThis.navigator?.language ?? '') ? 'zh-cn' : 'en';
};

export const saveLanguage = (code: Language) => globalThis.localStorage?.setItem(STORAGE_KEY, code);

export const createI18n = (lng: Language = initialLanguage()): I18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, 'zh-cn': { translation: zhCn } },
    interpolation: { escapeValue: false },
    initAsync: false,
    lowerCaseLng: true,
  });
  const sync = (code: string) => {
    const language = LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
    if (typeof document !== 'undefined') document.documentElement.lang = language.htmlLang;
  };
  sync(lng);
  instance.on('languageChanged', sync);
  return instance;
};
