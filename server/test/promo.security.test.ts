import { call, type TestApp } from './harness';
import { addAddress, appWith, createProduct, createShop, createShopper } from './kit';

let t: TestApp;
beforeAll(async () => ({ t } = await appWith()));
afterAll(() => t.close());

describe('promo codes carry a per-shopper use limit', () => {
  it('lets a shopper use the welcome code once, even with 10 checkouts racing', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.id, { unitPrice: 3_000, stock: 100 });
    const shopper = await createShopper(t, 'welcome-racer');
    const addressId = await addAddress(t.app, shopper);
    const create = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/order/create',
        headers: shopper.headers,
        payload: { buyNow: { productId: product.id, quantity: 1, spec: {} }, addressId, promoCode: 'welcome10' },
      });
    const replies = await Promise.all(Array.from({ length: 10 }, create));
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.code !== 1).map((r) => r.msg))).toEqual(
      new Set(['You have already used this promo code']),
    );
    const preview = await call(t.app, {
      method: 'POST',
      url: '/api/order/preview',
      headers: shopper.headers,
      payload: { buyNow: { productId: product.id, quantity: 1, spec: {} }, promoCode: 'WELCOME10' },
    });
    expect(preview).toMatchObject({ code: 0, msg: 'You have already used this promo code' });

    // Another shopper still has theirs.
    const other = await createShopper(t, 'welcome-other');
    const otherAddress = await addAddress(t.app, other);
    const theirs = await call(t.app, {
      method: 'POST',
      url: '/api/order/create',
      headers: other.headers,
      payload: {
        buyNow: { productId: product.id, quantity: 1, spec: {} },
        addressId: otherAddress,
        promoCode: 'WELCOME10',
      },
    });
    expect(theirs.code).toBe(1);
  });
});
