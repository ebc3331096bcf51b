import { formatMoney, parseMoney } from './money';

describe('money', () => {
  it('shows integer cents as dollars', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
  });
  it('parses typed dollars into exact cents', () => {
    expect(parseMoney('10.5')).toBe(1050);
    expect(parseMoney('0.01')).toBe(1);
    expect(parseMoney('1.234')).toBeNull();
    expect(parseMoney('-1')).toBeNull();
  });
});
