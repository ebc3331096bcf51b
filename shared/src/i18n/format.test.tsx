import { render } from '@testing-library/react';
import i18next from 'i18next';
import { act } from 'react';
import { formatMoney, LANGUAGE_CODES } from '@marketplace/shared/contracts';
import { initTestI18n } from '../testing/init-test-i18n';
import { Money } from '../ui/money';
import { formatDate, formatDateTime, formatDecimal, formatPercent } from './format';

// Local time, so the expectation does not depend on the machine's time zone.
const AT = new Date(2026, 0, 31, 14, 5, 9);

describe('money in the shopper language', () => {
  it('reads exactly as before in English', () => {
    expect(formatMoney(1234)).toBe('$12.34');
    expect(formatMoney(123456, 'en')).toBe('$1,234.56');
    expect(formatMoney(-500)).toBe('-$5.00');
  });

  it('stays in dollars with the language separators and symbol position', () => {
    expect(formatMoney(123456, 'de')).toBe('1.234,56\u00a0$');
    expect(formatMoney(123456, 'fr')).toBe('1\u202f234,56\u00a0$');
    expect(formatMoney(123456, 'zh-cn')).toBe('$1,234.56');
    expect(formatMoney(123456, 'jp')).toBe('$1,234.56');
    expect(formatMoney(123456, 'ch')).toBe("$\u00a01'234.56");
    for (const lang of ['cr', 'pk', 'ar', 'kr', 'bgr']) expect(formatMoney(123456, lang)).toMatch(/\$/);
  });

  it('shows "$" (never "US$" or "USD") in every language, Arabic included, with its digits', () => {
    const arabic = formatMoney(1234, 'ar');
    expect(arabic).not.toMatch(/US|USD/);
    expect(arabic).toContain('$');
    // Arabic digits or Latin ones, as the runtime's CLDR data has them for `ar`, with its decimal sign.
    expect(arabic.replace(/[^\d\u0660-\u0669]/g, '')).toMatch(/^(1234|\u0661\u0662\u0663\u0664)$/);
    expect(arabic).toContain(new Intl.NumberFormat('ar').format(12.34));
    for (const lang of LANGUAGE_CODES) expect(formatMoney(123456, lang)).not.toMatch(/US|USD|[A-Z]{2}\$/);
  });

  it('never throws on a value that is not a language', () => {
    expect(formatMoney(1234, '../../etc')).toBe('$12.34');
    expect(formatMoney(1234, '../../etc')).toBe('$12.34');
  });
});

describe('dates and numbers by htmlLang', () => {
  it('keeps English as toLocaleString/toFixed gave it', () => {
    expect(formatDateTime(AT, 'en')).toBe(AT.toLocaleString('en'));
    expect(formatDate(AT, 'en')).toBe(AT.toLocaleDateString('en'));
    expect(formatDecimal(4.5, 'en', 1)).toBe((4.5).toFixed(1));
    expect(formatPercent(0.015, 'en')).toBe('1.50%');
  });

  it('uses the language of a non-ISO code (jp → ja, cr → cs, gr → el)', () => {
    expect(formatDateTime(AT, 'jp')).toBe('2026/1/31 14:05:09');
    expect(formatDate(AT, 'cr')).toBe('31. 1. 2026');
    expect(formatDate(AT, 'gr')).toBe('31/1/2026');
    expect(formatDecimal(4.5, 'fr', 1)).toBe('4,5');
    expect(formatPercent(0.015, 'de')).toBe('1,50\u00a0%');
    expect(formatDateTime(AT.toISOString(), 'de')).toBe('31.1.2026, 14:05:09');
  });
});

describe('<Money>', () => {
  it('follows the language in use', async () => {
    await initTestI18n();
    const { container } = render(<Money cents={123456} />);
    expect(container.textContent).toBe('$1,234.56');
    await act(() => i18next.changeLanguage('de'));
    expect(container.textContent).toBe('1.234,56\u00a0$');
    await act(() => i18next.changeLanguage('en'));
  });
});

describe('English without Intl', () => {
  const spies = () => [jest.spyOn(Intl, 'DateTimeFormat'), jest.spyOn(Intl, 'NumberFormat')];

  it("writes dates and times exactly as Intl's en formats do, without asking Intl", () => {
    const dateIntl = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'numeric', day: 'numeric' });
    const dateTimeIntl = new Intl.DateTimeFormat('en', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const dates: Date[] = [AT, new Date(2026, 11, 1, 0, 0, 0), new Date(2025, 8, 9, 12, 0, 5)];
    for (let hour = 0; hour < 24; hour++)
      dates.push(new Date(2026, hour % 12, (hour % 28) + 1, hour, hour * 2, 59 - hour));
    for (let day = 0; day < 400; day += 7) dates.push(new Date(2024, 0, 1 + day, 23, 59, 59));
    const [dateSpy, numberSpy] = spies();
    const ours = dates.map((date) => [formatDate(date, 'en'), formatDateTime(date, 'en')]);
    // ISO text and epoch numbers, as the API sends them.
    const fromText = formatDate(AT.toISOString(), 'en');
    const fromNumber = formatDateTime(AT.getTime(), 'en');
    expect(dateSpy).not.toHaveBeenCalled();
    expect(numberSpy).not.toHaveBeenCalled();
    jest.restoreAllMocks();
    expect(ours).toEqual(dates.map((date) => [dateIntl.format(date), dateTimeIntl.format(date)]));
    expect(fromText).toBe(dateIntl.format(AT));
    expect(fromNumber).toBe(dateTimeIntl.format(AT));
  });

  it("writes decimals exactly as Intl's en format does (half away from zero on the decimal form), without asking Intl", () => {
    const values = [
      0,
      -0,
      1,
      4.25,
      4.35,
      4.45,
      1.005,
      2.675,
      0.05,
      0.95,
      9.95,
      99.95,
      1234.5,
      1234567.891,
      123456789012,
      0.1 + 0.2,
      4.333333333,
      4.666666667,
      3.999,
      5,
      12345678.9,
      0.0004,
    ];
    const all = [...values, ...values.map((n) => -n), -0.04];
    const [dateSpy, numberSpy] = spies();
    const ours = [0, 1, 2, 3].map((digits) => all.map((value) => formatDecimal(value, 'en', digits)));
    expect(dateSpy).not.toHaveBeenCalled();
    expect(numberSpy).not.toHaveBeenCalled();
    jest.restoreAllMocks();
    const intl = [0, 1, 2, 3].map((digits) =>
      all.map((value) =>
        new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
      ),
    );
    expect(ours).toEqual(intl);
  });

  it('still formats a number too large for its decimal form, and an invalid date, through Intl', () => {
    expect(formatDecimal(1e15, 'en', 2)).toBe('1,000,000,000,000,000.00');
    expect(formatDecimal(1e21, 'en', 1)).toBe(
      new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(1e21),
    );
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
  });
});
