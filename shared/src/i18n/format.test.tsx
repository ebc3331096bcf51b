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
