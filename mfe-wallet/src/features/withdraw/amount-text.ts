/** Integer cents as a shopper types them in an amount field (what `parseMoney` reads back): 123456 → "1234.56". */
export const amountText = (cents: number): string =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
