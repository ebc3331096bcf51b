/** The one money formatter: integer cents shown as dollars (spec: currency is shown as dollar). */
export const formatMoney = (cents: number, locale = 'en'): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Parses a dollar amount typed by a person into integer cents, or null when not a valid amount. */
export const parseMoney = (input: string): number | null => {
  const trimmed = input.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
