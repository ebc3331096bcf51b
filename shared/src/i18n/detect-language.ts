import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_CODES,
  type LanguageCode,
} from '@marketplace/shared/contracts/core';
import { readLanguageCookie } from '../session/session-cookies';

// Spec codes that differ from the BCP 47 primary subtag they stand for.
const PRIMARY_TO_CODE: Record<string, LanguageCode> = {
  ja: 'jp',
  ko: 'kr',
  cs: 'cr',
  fi: 'fl',
  da: 'dk',
  el: 'gr',
  bg: 'bgr',
  ur: 'pk',
  gsw: 'ch',
};

// Spec codes that are not the BCP 47 primary subtag they stand for: Chinese goes by script, the
// German variants by region, the rest through PRIMARY_TO_CODE. `cr` is Cree and `kr` Kanuri in BCP 47,
// so a browser in those languages must not get Czech or Korean. Every other code is its primary subtag.
const NOT_A_PRIMARY = new Set<string>(['zh-cn', 'zh-hk', 'at', 'ch', ...Object.values(PRIMARY_TO_CODE)]);
const SAME_AS_PRIMARY = new Set<string>(LANGUAGE_CODES.filter((code) => !NOT_A_PRIMARY.has(code)));

const TRADITIONAL_CHINESE = new Set(['hant', 'tw', 'hk', 'mo']);

/** Maps a browser language tag (BCP 47) to one of the 34 codes, or null when none fits. */
export const languageCodeFromTag = (tag: string): LanguageCode | null => {
  const [primary = '', ...subtags] = tag.toLowerCase().replace(/_/g, '-').split('-');
  if (primary === 'zh') return subtags.some((sub) => TRADITIONAL_CHINESE.has(sub)) ? 'zh-hk' : 'zh-cn';
  if (primary === 'de' && subtags.includes('ch')) return 'ch';
  if (primary === 'de' && subtags.includes('at')) return 'at';
  const mapped = PRIMARY_TO_CODE[primary];
  if (mapped) return mapped;
  return SAME_AS_PRIMARY.has(primary) && isLanguageCode(primary) ? primary : null;
};

const browserTags = (): readonly string[] => {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
};

/** The stored language's file name; else the browser's language when it is one of the 34; else English. */
export const detectInitialLanguage = (): LanguageCode => {
  const stored = readLanguageCookie()?.file_name;
  if (isLanguageCode(stored)) return stored;
  for (const tag of browserTags()) {
    const code = languageCodeFromTag(tag);
    if (code) return code;
  }
  return DEFAULT_LANGUAGE;
};
