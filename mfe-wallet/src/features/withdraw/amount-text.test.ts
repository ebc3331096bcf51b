import { parseMoney } from '@marketplace/shared/contracts';
import { amountText } from './amount-text';

describe('amountText', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [5_000, '50.00'],
    [123_456, '1234.56'],
    [99_999_999_999_99, '99999999999.99'],
  ])('%i cents → "%s", read back as the same cents', (cents, text) => {
    expect(amountText(cents)).toBe(text);
    expect(parseMoney(text)).toBe(cents);
  });
});
