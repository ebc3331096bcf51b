import { formatsAsEnglish, groupThousands, localeOf } from '@marketplace/shared/contracts/core';

/**
 * Locale formatting with `Intl`, by the language's `htmlLang` (`jp` → `ja`, `pk` → `ur`): dates,
 * times and numbers follow the shopper's language. English output is what `toLocaleString('en')`
 * and `toFixed` gave before, so existing texts read the same.
 */

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

const cached = <T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, create: () => T): T => {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = create();
    cache.set(key, format);
  }
  return format;
};

/** A locale Intl accepts: the language's tag, else English (an unknown value never throws). */
const safeLocale = (lang: string | null | undefined): string => {
  const locale = localeOf(lang);
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
};

const toDate = (value: Date | string | number): Date => (value instanceof Date ? value : new Date(value));

/*
 * English, the default language, without Intl, as money is (contracts/money.ts): a page's first
 * DateTimeFormat or NumberFormat loads the browser's date or number data, one task of ~35 ms on a
 * desktop and about four times that on a mid-range phone (measured on a product page: the first
 * rating and comment date took a 143 ms task at 4x CPU slowdown). The texts are Intl's `en` ones
 * exactly; format.test.tsx holds the two to each other over many dates and numbers. Other languages
 * use Intl as before.
 */
/** "1/31/2026", as `new Intl.DateTimeFormat('en', DATE)`. */
const englishDate = (date: Date): string => `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;

/** "1/31/2026, 2:05:09 PM", as `new Intl.DateTimeFormat('en', DATE_TIME)` in Chromium and Node (a plain space before PM). */
const englishDateTime = (date: Date): string => {
  const hours = date.getHours();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${englishDate(date)}, ${hours % 12 || 12}:${two(date.getMinutes())}:${two(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
};

/**
 * `value` with exactly `fractionDigits` decimals as Intl's `en` format: rounded half away from zero on
 * the number's shortest decimal form (4.35 → "4.4", where `toFixed` gives "4.3"), thousands grouped.
 * Null where that form is exponential (very large or small numbers): Intl formats those.
 */
const englishDecimal = (value: number, fractionDigits: number): string | null => {
  if (!Number.isFinite(value) || !Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 20) {
    return null;
  }
  const shortest = String(Math.abs(value));
  if (shortest.includes('e')) return null;
  // Shifting by the exponent in the decimal text moves the point exactly (no binary rounding).
  const scaled = Math.round(Number(`${shortest}e${fractionDigits}`));
  if (!Number.isSafeInteger(scaled)) return null;
  const digits = String(scaled).padStart(fractionDigits + 1, '0');
  const whole = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(whole)}${fractionDigits > 0 ? `.${fraction}` : ''}`;
};

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };

/** Date and time ("1/31/2026, 2:05:00 PM" in English, "2026/1/31 14:05:00" in Japanese). */
export const formatDateTime = (value: Date | string | number, lang: string): string => {
  const date = toDate(value);
  if (formatsAsEnglish(lang) && !Number.isNaN(date.getTime())) return englishDateTime(date);
  const locale = safeLocale(lang);
  return cached(`dt:${locale}`, () => new Intl.DateTimeFormat(locale, DATE_TIME)).format(date);
};

/** A date alone ("1/31/2026" in English, "31.1.2026" in German). */
export const formatDate = (value: Date | string | number, lang: string): string => {
  const date = toDate(value);
  if (formatsAsEnglish(lang) && !Number.isNaN(date.getTime())) return englishDate(date);
  const locale = safeLocale(lang);
  return cached(`d:${locale}`, () => new Intl.DateTimeFormat(locale, DATE)).format(date);
};

/** A number with exactly `fractionDigits` decimals ("4.5" in English, "4,5" in French). */
export const formatDecimal = (value: number, lang: string, fractionDigits = 0): string => {
  const english = formatsAsEnglish(lang) ? englishDecimal(value, fractionDigits) : null;
  if (english !== null) return english;
  const locale = safeLocale(lang);
  return cached(
    `n:${locale}:${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  ).format(value);
};

/** A ratio as a percentage with `fractionDigits` decimals (0.015 → "1.50%" in English, "1,50 %" in German). */
export const formatPercent = (ratio: number, lang: string, fractionDigits = 2): string => {
  const locale = safeLocale(lang);
  return cached(
    `p:${locale}:${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  ).format(ratio);
};
