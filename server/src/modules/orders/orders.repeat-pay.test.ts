import { call, appWith, ledgerInvariant, orderStatus, pay, PAYMENT_CODE } from '../../../test/kit';
import { paymentGuardOf, shopperWithOrder as withOrder, type Shopper, type TestApp } from '../../../test/kit';

// A pay of orders the shopper can see no longer wait (already paid, cancelled) is refused before the payment
// code is checked: no code could make it go through, so it takes no claim, no try and no argon2 run.

let t: TestApp;
beforeAll(async () => ({ t } = await appWith()));
afterAll(() => t.close());

const guardRow = (shopper: Shopper) => paymentGuardOf(t, shopper);

const shopperWithOrder = (account: string) => withOrder(t, account);

describe('a repeated pay is refused before the payment code is checked', () => {
  it('refuses an already paid order for a wrong or a right code alike, counting no try and charging nothing', async () => {
    const { shopper, order } = await shopperWithOrder('repeat-paid');
    expect((await pay(t.app, shopper, [order.id])).code).toBe(1);
    const after = await guardRow(shopper);
    for (const code of ['000000', '111111', PAYMENT_CODE, '222222', '333333', '444444']) {
      expect((await pay(t.app, shopper, [order.id], code)).msg).toBe('This order has already been paid');
    }
    // Six refusals, five of them wrong codes: no try counted, no lock, the balance as it was.
    expect(await guardRow(shopper)).toEqual({ ...after, failures: 0, pending: 0 });
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/user/verify_pay',
          headers: shopper.headers,
          payload: { paymentCode: PAYMENT_CODE },
        })
      ).code,
    ).toBe(1);
    for (const row of await ledgerInvariant(t)) expect(row).toMatchObject({ ledger: row.balance, negatives: 0 });
  });

  it('refuses a cancelled order without a try; an order of someone else is still a guess like any other', async () => {
    const { shopper, order } = await shopperWithOrder('repeat-cancelled');
    const cancelled = await call(t.app, {
      method: 'POST',
      url: '/api/order/cancel',
      headers: shopper.headers,
      payload: { id: order.id },
    });
    expect(cancelled.code).toBe(1);
    expect((await pay(t.app, shopper, [order.id], '000000')).code).toBe(0);
    expect(await guardRow(shopper)).toMatchObject({ failures: 0, pending: 0 });
    const other = await shopperWithOrder('repeat-other');
    expect((await pay(t.app, shopper, [other.order.id], '000000')).msg).toBe('Pay Fail');
    expect(await guardRow(shopper)).toMatchObject({ failures: 1, pending: 0 });
    expect(await orderStatus(t, other.order.id)).toBe(0);
  });

  it('pays once when the same order is paid by many requests at once', async () => {
    const { shopper, order } = await shopperWithOrder('repeat-parallel');
    const replies = await Promise.all(Array.from({ length: 6 }, () => pay(t.app, shopper, [order.id])));
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 1).map((r) => r.msg)).toEqual(
      Array.from({ length: 5 }, () => 'This order has already been paid'),
    );
    expect(await guardRow(shopper)).toEqual({ failures: 0, pending: 0, balance: 10_000 - order.total });
    expect(await orderStatus(t, order.id)).toBe(1);
  });
});
