/** The 34 language codes of requirements §9.1. `file_name` is the code sent in `lang`/`language`. */
export interface Language {
  language_name: string;
  chinese_name: string;
  file_name: LanguageCode;
  /** BCP 47 tag for `<html lang>` and Intl formatting. */
  htmlLang: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGE_CODES = [
  'en',
  'zh-cn',
  'jp',
  'kr',
  'th',
  'id',
  'vi',
  'de',
  'ar',
  'fr',
  'hi',
  'it',
  'tr',
  'es',
  'ms',
  'zh-hk',
  'pl',
  'nl',
  'ru',
  'ro',
  'cr',
  'pt',
  'sv',
  'hu',
  'bgr',
  'sk',
  'fl',
  'dk',
  'sl',
  'hr',
  'ch',
  'gr',
  'at',
  'pk',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const l = (
  file_name: LanguageCode,
  language_name: string,
  chinese_name: string,
  htmlLang: string,
  dir: 'ltr' | 'rtl' = 'ltr',
): Language => ({
  file_name,
  language_name,
  chinese_name,
  htmlLang,
  dir,
});

/**
 * Requirements §9.1 gives codes only. Readings of the non-ISO ones: jp Japanese, kr Korean, cr Czech,
 * bgr Bulgarian, fl Finnish, dk Danish, sl Slovenian, ch Swiss German, gr Greek, at Austrian
 * German, pk Urdu (Pakistan).
 */
export const LANGUAGES: readonly Language[] = [
  l('en', 'English', '英语', 'en'),
  l('zh-cn', '简体中文', '简体中文', 'zh-CN'),
  l('jp', '日本語', '日语', 'ja'),
  l('kr', '한국어', '韩语', 'ko'),
  l('th', 'ไทย', '泰语', 'th'),
  l('id', 'Bahasa Indonesia', '印尼语', 'id'),
  l('vi', 'Tiếng Việt', '越南语', 'vi'),
  l('de', 'Deutsch', '德语', 'de'),
  l('ar', 'العربية', '阿拉伯语', 'ar', 'rtl'),
  l('fr', 'Français', '法语', 'fr'),
  l('hi', 'हिन्दी', '印地语', 'hi'),
  l('it', 'Italiano', '意大利语', 'it'),
  l('tr', 'Türkçe', '土耳其语', 'tr'),
  l('es', 'Español', '西班牙语', 'es'),
  l('ms', 'Bahasa Melayu', '马来语', 'ms'),
  l('zh-hk', '繁體中文', '繁体中文', 'zh-HK'),
  l('pl', 'Polski', '波兰语', 'pl'),
  l('nl', 'Nederlands', '荷兰语', 'nl'),
  l('ru', 'Русский', '俄语', 'ru'),
  l('ro', 'Română', '罗马尼亚语', 'ro'),
  l('cr', 'Čeština', '捷克语', 'cs'),
  l('pt', 'Português', '葡萄牙语', 'pt'),
  l('sv', 'Svenska', '瑞典语', 'sv'),
  l('hu', 'Magyar', '匈牙利语', 'hu'),
  l('bgr', 'Български', '保加利亚语', 'bg'),
  l('sk', 'Slovenčina', '斯洛伐克语', 'sk'),
  l('fl', 'Suomi', '芬兰语', 'fi'),
  l('dk', 'Dansk', '丹麦语', 'da'),
  l('sl', 'Slovenščina', '斯洛文尼亚语', 'sl'),
  l('hr', 'Hrvatski', '克罗地亚语', 'hr'),
  l('ch', 'Schweizerdeutsch', '瑞士德语', 'de-CH'),
  l('gr', 'Ελληνικά', '希腊语', 'el'),
  l('at', 'Deutsch (Österreich)', '奥地利德语', 'de-AT'),
  l('pk', 'اردو', '乌尔都语', 'ur', 'rtl'),
];

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);

export const findLanguage = (code: string | null | undefined): Language | undefined =>
  LANGUAGES.find((lang) => lang.file_name === code);

/**
 * The BCP 47 tag whose CLDR rules a language code of requirements §9.1 follows. Bundles, headers, cookies and file names
 * keep the codes of requirements §9.1 (`jp`, `cr`, `pk`, …), but several of them are not the language's tag
 * (`cr` is Cree, `kr` Kanuri, `jp` nothing at all), so plurals and `Intl` formatting read the
 * language's `htmlLang` instead (`jp` → `ja`, `cr` → `cs`, `pk` → `ur`). A value that is not one
 * of the 34 codes is returned unchanged.
 */
export const localeOf = (code: string | null | undefined): string => {
  if (!code) return 'en';
  return findLanguage(code)?.htmlLang ?? code;
};
