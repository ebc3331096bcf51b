jest.setTimeout(180_000);

import type { OrderDetail, Page, OrderSummary, LedgerEntry } from '@marketplace/shared/contracts';
import { admin, buyNow, call, createOrdersTestApp, fund, pay, productOnSale, shopper, upload } from './kit';
import type { Buyer, TestApp } from './kit';

let t: TestApp;
let ana: Buyer;
let productId: number;
beforeAll(async () => {
  t = await createOrdersTestApp();
  ana = await shopper(t, 'ana');
  productId = await productOnSale(t, { unitPrice: 2_000 });
});
afterAll(() => t.close());

/** A return of received goods for `orderId`, with a picture of ana's as the proof. */
const refundRequest = async (orderId: number, refundAmount: number) => ({
  orderId,
  refundType: 'return',
  refundAmount,
  productStatus: 'received',
  reason: 'r',
  explain: 'e',
  attachment: (await upload(t.app, ana)).id,
});

const op = <T>(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = admin) =>
  call<T>(t.app, { method, url, headers, ...(payload ? { payload } : {}) });

describe('operator API', () => {
  it.each([
    ['no credential', {}],
    ['a wrong credential', { 'admin-token': 'wrong' }],
    ['a shopper token', { token: 'x' }],
  ])('refuses %s with 401', async (_label, headers) => {
    const reply = await op('GET', '/api/admin/orders', undefined, headers as Record<string, string>);
    expect(reply).toMatchObject({ status: 401, code: 401, msg: 'Operator credential missing or invalid' });
  });

  it('credits and debits a balance with a reason as adjustment entries, never below 0', async () => {
    expect(await fund(t.app, 'ana', 5_000)).toBe(5_000);
    expect(
      (await op('POST', '/api/admin/balance/adjust', { account: 'ana', amount: -6_000, reason: 'too much' })).msg,
    ).toBe('Your balance is not enough, please top up first');
    expect((await op('POST', '/api/admin/balance/adjust', { account: 'ana', amount: 0, reason: 'x' })).msg).toBe(
      'The adjustment amount cannot be 0',
    );
    expect((await op('POST', '/api/admin/balance/adjust', { account: 'ana', amount: 5, reason: ' ' })).msg).toBe(
      'Please give a reason for the adjustment',
    );
    expect((await op('POST', '/api/admin/balance/adjust', { account: 'nobody', amount: 5, reason: 'x' })).msg).toBe(
      'This shopper does not exist',
    );
    expect(
      (
        await op<{ balance: number }>('POST', '/api/admin/balance/adjust', {
          account: 'ana',
          amount: -1_000,
          reason: 'fee',
        })
      ).data.balance,
    ).toBe(4_000);
    const bill = await op<Page<LedgerEntry>>('GET', '/api/user/bill', undefined, ana.headers);
    expect(bill.data.list.map((e) => [e.kind, e.amount, e.balanceAfter, e.note])).toEqual([
      ['adjustment', -1_000, 4_000, 'fee'],
      ['adjustment', 5_000, 5_000, 'test funds'],
    ]);
    expect((await op<{ ok: boolean }>('GET', '/api/admin/ledger/check')).data.ok).toBe(true);
  });

  it('lists orders by status, ships, refuses to ship twice, and records delivery once', async () => {
    const order = await buyNow(t.app, ana, ana.addressId, productId);
    expect((await op('POST', '/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'X1' })).msg).toBe(
      'This order cannot be shipped in its current status',
    );
    await pay(t.app, ana, [order.id]);
    const waiting = await op<Page<OrderSummary>>('GET', '/api/admin/orders?status=1');
    expect(waiting.data.list.map((o) => o.id)).toContain(order.id);
    expect((await op('POST', '/api/admin/order/ship', { id: order.id, carrier: '', trackingNo: 'X1' })).msg).toBe(
      'Please fill in the carrier and tracking number',
    );
    expect((await op('POST', '/api/admin/order/deliver', { id: order.id })).msg).toBe(
      'This order cannot be marked delivered in its current status',
    );
    expect((await op('POST', '/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'X1' })).code).toBe(
      1,
    );
    expect((await op('POST', '/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'X1' })).code).toBe(
      0,
    );
    expect((await op('POST', '/api/admin/order/deliver', { id: order.id })).code).toBe(1);
    expect((await op('POST', '/api/admin/order/deliver', { id: order.id })).code).toBe(0);
    const detail = await op<OrderDetail>('GET', `/api/admin/order?id=${order.id}`);
    expect(detail.data.logistics.map((e) => e.kind)).toEqual(['delivered', 'shipped', 'paid', 'created']);
  });

  it('refuses a refund with a reason: the order returns to its status, and a second request is refused', async () => {
    await fund(t.app, 'ana', 20_000);
    const order = await buyNow(t.app, ana, ana.addressId, productId);
    await pay(t.app, ana, [order.id]);
    const request = await refundRequest(order.id, 100);
    expect((await op('POST', '/api/order/refund', request, ana.headers)).code).toBe(1);
    const pending = await op<{ orderId: number }[]>('GET', '/api/admin/refunds');
    expect(pending.data.map((r) => r.orderId)).toContain(order.id);
    expect((await op('POST', '/api/admin/refund/decide', { orderId: order.id, agree: false })).msg).toBe(
      'Please give a reason for refusing',
    );
    expect(
      (await op('POST', '/api/admin/refund/decide', { orderId: order.id, agree: false, reason: 'Used item' })).code,
    ).toBe(1);
    const detail = await op<OrderDetail>('GET', `/api/order/detail?id=${order.id}`, undefined, ana.headers);
    expect(detail.data).toMatchObject({
      status: 1,
      refund: { state: 'refused', decisionReason: 'Used item' },
      actions: [],
    });
    expect((await op('POST', '/api/order/refund', request, ana.headers)).msg).toBe(
      'You have already submitted a refund request',
    );
  });

  it('puts a refund after receipt "in after-sale" (-4)', async () => {
    const order = await buyNow(t.app, ana, ana.addressId, productId);
    await pay(t.app, ana, [order.id]);
    await op('POST', '/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'X2' });
    await op('POST', '/api/order/confirm', { id: order.id }, ana.headers);
    const request = await refundRequest(order.id, 0);
    expect((await op('POST', '/api/order/refund', request, ana.headers)).code).toBe(1);
    expect((await op<OrderDetail>('GET', `/api/order/detail?id=${order.id}`, undefined, ana.headers)).data.status).toBe(
      -4,
    );
  });
});
