import type { OrderItem } from '@marketplace/shared/contracts';
import { amountText, refundPrefill } from './refund-prefill';

const item = (productId: number, subtotal: number): OrderItem => ({
  productId,
  title: `Product ${productId}`,
  image: '',
  spec: {},
  unitPrice: subtotal,
  quantity: 1,
  subtotal,
});
const order = { total: 3_500, items: [item(5, 2_000), item(6, 1_000), item(7, 1_000)] };

describe('refundPrefill (the route /refund/:id/:sn/:product_ids/:amount)', () => {
  it('starts from the route amount (cents) and the products it names', () => {
    const prefill = refundPrefill(order, '6,7', '2000');
    expect(prefill.amount).toBe('20.00');
    expect(prefill.items.map((i) => i.productId)).toEqual([6, 7]);
  });

  it.each([
    ['no amount', undefined, '35.00'],
    ['more than was paid', '3501', '35.00'],
    ['not a whole number of cents', '12.5', '35.00'],
    ['negative', '-100', '35.00'],
    ['not a number', 'abc', '35.00'],
    ['zero', '0', '0.00'],
    ['all of it', '3500', '35.00'],
  ])('with %s the amount is %s', (_case, amount, expected) => {
    expect(refundPrefill(order, '5', amount).amount).toBe(expected);
  });

  it('falls back to every product when the route names none of the order', () => {
    expect(refundPrefill(order, undefined, '100').items).toHaveLength(3);
    expect(refundPrefill(order, '99,x', '100').items).toHaveLength(3);
  });

  it('writes cents as typed amounts', () => {
    expect([0, 5, 3_500, 123_456].map(amountText)).toEqual(['0.00', '0.05', '35.00', '1234.56']);
  });
});
