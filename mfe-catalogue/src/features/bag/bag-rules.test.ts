import { clampQuantity } from './bag-rules';

describe('clampQuantity', () => {
  it('keeps a whole quantity from 1 up to the stock', () => {
    expect(clampQuantity(4, 10)).toBe(4);
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(-3, 10)).toBe(1);
    expect(clampQuantity(99, 10)).toBe(10);
    expect(clampQuantity(2.7, 10)).toBe(2);
    expect(clampQuantity(null, 10)).toBe(1);
    expect(clampQuantity(Number.NaN, 10)).toBe(1);
  });

  it('never goes below 1, even when the stock ran out', () => {
    expect(clampQuantity(3, 0)).toBe(1);
  });
});
