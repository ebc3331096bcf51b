import { localeOf } from '@marketplace/shared/contracts/core';

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
  const locale = safeLocale(lang);
  return cached(`dt:${locale}`, () => new Intl.DateTimeFormat(locale, DATE_TIME)).format(toDate(value));
};

/** A date alone ("1/31/2026" in English, "31.1.2026" in German). */
export const formatDate = (value: Date | string | number, lang: string): string => {
  const locale = safeLocale(lang);
  return cached(`d:${locale}`, () => new Intl.DateTimeFormat(locale, DATE)).format(toDate(value));
};

/** A number with exactly `fractionDigits` decimals ("4.5" in English, "4,5" in French). */
export const formatDecimal = (value: number, lang: string, fractionDigits = 0): string => {
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
