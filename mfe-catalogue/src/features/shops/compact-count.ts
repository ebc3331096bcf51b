import { formatsAsEnglish, localeOf } from '@marketplace/shared/contracts/core';

const formats = new Map<string, Intl.NumberFormat>();

/** One decimal at most, dropped when it is 0 ("12.3K", "5K"). */
const englishUnit = (value: number, unit: number, suffix: string): string => {
  const tenths = Math.floor((value * 10) / unit);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}${suffix}`;
};

/**
 * A count as a shopper reads it at a glance: 838 → "838", 12,345 → "12.3K", 1,250,000 → "1.2M" in
 * English (without Intl, as the app's other English numbers), the language's compact form otherwise
 * ("1,2 Mio." in German, "1.2万" in Japanese). Rounded down, so a shop never shows more than it sold.
 */
export const compactCount = (value: number, lang: string): string => {
  const count = Math.max(0, Math.floor(value));
  if (formatsAsEnglish(lang)) {
    if (count < 1_000) return String(count);
    if (count < 1_000_000) return englishUnit(count, 1_000, 'K');
    if (count < 1_000_000_000) return englishUnit(count, 1_000_000, 'M');
    return englishUnit(count, 1_000_000_000, 'B');
  }
  const locale = localeOf(lang);
  let format = formats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        notation: 'compact',
        maximumFractionDigits: 1,
        roundingMode: 'floor',
      } as Intl.NumberFormatOptions);
    } catch {
      return compactCount(count, 'en');
    }
    formats.set(locale, format);
  }
  return format.format(count);
};
