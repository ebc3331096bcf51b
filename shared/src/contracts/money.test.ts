import { formatMoney, parseMoney } from './money';

describe('money', () => {
  it('shows integer cents as dollars', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
  });
  it("shows English exactly as Intl's en currency format does, without asking Intl", () => {
    const intl = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
    const amounts = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1234567, 100000000, 999999999999];
    for (const cents of [...amounts, ...amounts.map((n) => -n), 12_345_678_901, 7_000_000_000_05]) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      expect(formatMoney(cents, 'en')).toBe(intl.format(cents / 100));
    }
    const spy = jest.spyOn(Intl, 'NumberFormat');
    formatMoney(4321, 'en');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
  it('parses typed dollars into exact cents', () => {
    expect(parseMoney('10.5')).toBe(1050);
    expect(parseMoney('0.01')).toBe(1);
    expect(parseMoney('1.234')).toBeNull();
    expect(parseMoney('-1')).toBeNull();
  });
});
