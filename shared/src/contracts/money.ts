import { localeOf } from './languages';

const moneyFormats = new Map<string, Intl.NumberFormat>();

const moneyFormat = (lang: string): Intl.NumberFormat => {
  // A spec code (`jp`, `cr`, `pk`) formats by its language's BCP 47 tag; a BCP 47 tag is used as is.
  const locale = localeOf(lang);
  let format = moneyFormats.get(locale);
  if (!format) {
    try {
      // The language's digits, separators and symbol position ("$1,234.56", "1.234,56 $").
      format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
    } catch {
      return moneyFormat('en');
    }
    moneyFormats.set(locale, format);
  }
  return format;
};

/**
 * The dollar sign is always "$" (requirements §1: money is shown in dollars). `narrowSymbol` gives it in most
 * languages, but CLDR's narrow symbol for USD is still "US$" in some (Arabic), so the currency part
 * is replaced rather than trusted.
 */
const DOLLAR = '$';

/** The language tags whose texts are Intl's `en` formats, which the app writes without Intl. */
const ENGLISH = new Set(['en', 'en-US']);

/** True when `lang` (one of the 34 codes or a BCP 47 tag) formats as English: money, dates and numbers skip Intl. */
export const formatsAsEnglish = (lang: string | null | undefined): boolean => ENGLISH.has(localeOf(lang));

/** "1234567" → "1,234,567": English thousands grouping of a string of digits. */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * English, the default language, without Intl: the browser's first currency format loads its number
 * and currency data, a single task of ~40 ms on a desktop and four times that on a mid-range phone,
 * on the first screen's critical path. The text is Intl's `en` format exactly ("$1,234.56",
 * "-$0.05"); money.test.ts holds the two to each other over a range of amounts.
 */
const formatEnglish = (cents: number): string => {
  const abs = Math.abs(Math.round(cents));
  const whole = groupThousands(String(Math.floor(abs / 100)));
  return `${cents < 0 || Object.is(cents, -0) ? '-' : ''}${DOLLAR}${whole}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * The one money formatter: integer cents shown as dollars (requirements §1), in
 * the way of `lang` (one of the 34 codes or a BCP 47 tag; English by default: `$1,234.56`).
 */
export const formatMoney = (cents: number, lang = 'en'): string =>
  formatsAsEnglish(lang)
    ? formatEnglish(cents)
    : moneyFormat(lang)
        .formatToParts(cents / 100)
        .map((part) => (part.type === 'currency' ? DOLLAR : part.value))
        .join('');

/** Parses a dollar amount typed by a person into integer cents, or null when not a valid amount. */
export const parseMoney = (input: string): number | null => {
  const trimmed = input.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
