import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatDecimal, formatMoneyIn, formatPercent } from './format';

export interface LocaleFormat {
  /** The language code in use (one of the 34). */
  lang: string;
  money: (cents: number) => string;
  date: (value: Date | string | number) => string;
  dateTime: (value: Date | string | number) => string;
  decimal: (value: number, fractionDigits?: number) => string;
  percent: (ratio: number, fractionDigits?: number) => string;
}

/** The formatters of the language in use; a screen re-renders with new ones when the language changes. */
export const useLocaleFormat = (): LocaleFormat => {
  const { i18n } = useTranslation();
  const lang = i18n?.language || 'en';
  return useMemo(
    () => ({
      lang,
      money: (cents) => formatMoneyIn(cents, lang),
      date: (value) => formatDate(value, lang),
      dateTime: (value) => formatDateTime(value, lang),
      decimal: (value, fractionDigits) => formatDecimal(value, lang, fractionDigits),
      percent: (ratio, fractionDigits) => formatPercent(ratio, lang, fractionDigits),
    }),
    [lang],
  );
};
