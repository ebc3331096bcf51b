import { compactCount } from './compact-count';

describe('compactCount', () => {
  it.each([
    [0, '0'],
    [838, '838'],
    [999, '999'],
    [1_000, '1K'],
    [12_345, '12.3K'],
    [12_399, '12.3K'],
    [999_999, '999.9K'],
    [1_250_000, '1.2M'],
    [2_000_000_000, '2B'],
  ])('%d reads %s in English', (value, text) => {
    expect(compactCount(value, 'en')).toBe(text);
  });

  it("follows the shopper's language, rounded down", () => {
    expect(compactCount(12_399, 'de')).toBe('12.399');
    expect(compactCount(1_290_000, 'de')).toBe('1,2\u00a0Mio.');
    expect(compactCount(12_399, 'jp')).toBe('1.2万');
    expect(compactCount(12_399, 'zh-cn')).toBe('1.2万');
  });
});
