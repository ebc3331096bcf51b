jest.setTimeout(180_000);

import type { InjectOptions } from 'fastify';
import { admin, buyNow, call, createOrdersTestApp, ordersFingerprint, pay, postAs, putInBag, upload } from './kit';
import { productOnSale, shopper, type Buyer, type TestApp } from './kit';

let t: TestApp;
let a: Buyer;
let b: Buyer;
const ids = {
  product: 0,
  aAddress: 0,
  bAddress: 0,
  waiting: 0,
  paid: 0,
  shipped: 0,
  received: 0,
  bOrder: 0,
  aBagItem: 0,
};
let aUpload = { id: '', url: '' };
let bUpload = { id: '', url: '' };

/** Shopper A owns one order in each interesting status, an address, a bag line and an upload. */
beforeAll(async () => {
  t = await createOrdersTestApp();
  a = await shopper(t, 'shopper-a', { balance: 100_000 });
  b = await shopper(t, 'shopper-b', { balance: 100_000 });
  const product = { id: await productOnSale(t, { stock: 100 }) };
  ids.product = product.id;
  ids.aAddress = a.addressId;
  ids.bAddress = b.addressId;
  ids.waiting = (await buyNow(t.app, a, ids.aAddress, product.id)).id;
  ids.paid = (await buyNow(t.app, a, ids.aAddress, product.id)).id;
  ids.shipped = (await buyNow(t.app, a, ids.aAddress, product.id)).id;
  ids.received = (await buyNow(t.app, a, ids.aAddress, product.id)).id;
  ids.bOrder = (await buyNow(t.app, b, ids.bAddress, product.id)).id;
  await pay(t.app, a, [ids.paid, ids.shipped, ids.received]);
  await pay(t.app, b, [ids.bOrder]);
  for (const id of [ids.shipped, ids.received]) {
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/order/ship',
      headers: admin,
      payload: { id, carrier: 'DHL', trackingNo: `T${id}` },
    });
  }
  await call(t.app, { method: 'POST', url: '/api/order/confirm', headers: a.headers, payload: { id: ids.received } });
  ids.aBagItem = (await putInBag(t, a.id, product.id, 1)).id;
  aUpload = await upload(t.app, a);
  bUpload = await upload(t.app, b);
});
afterAll(() => t.close());

const refund = (orderId: number, attachment: string) => ({
  orderId,
  refundType: 'refund',
  refundAmount: 1,
  productStatus: 'received',
  reason: 'r',
  explain: 'e',
  attachment,
});
const comment = (orderId: number, pics: string[] = []) => ({
  orderId,
  content: 'c',
  productScore: 5,
  serviceScore: 5,
  postageScore: 5,
  pics,
});
const address = { addressee: 'B', mobilePhone: '+1 555 123 4567', area: 'X', detailedAddress: 'Y', tag: 'home' };

/** Every id-bearing order, address, refund, comment and upload call, made by B with A's ids. */
const attempts = (): [string, InjectOptions][] => [
  ['order detail', { method: 'GET', url: `/api/order/detail?id=${ids.paid}` }],
  ['pay', { method: 'POST', url: '/api/order/pay', payload: { orderIds: [ids.waiting], paymentCode: '123456' } }],
  [
    'pay mixed with own',
    { method: 'POST', url: '/api/order/pay', payload: { orderIds: [ids.waiting, ids.bOrder], paymentCode: '123456' } },
  ],
  ['cancel', { method: 'POST', url: '/api/order/cancel', payload: { id: ids.waiting } }],
  ['confirm', { method: 'POST', url: '/api/order/confirm', payload: { id: ids.shipped } }],
  ['refund', { method: 'POST', url: '/api/order/refund', payload: refund(ids.paid, bUpload.id) }],
  [
    'refund with A’s proof on B’s order',
    { method: 'POST', url: '/api/order/refund', payload: refund(ids.bOrder, aUpload.id) },
  ],
  ['comment', { method: 'POST', url: '/api/order/comment', payload: comment(ids.received) }],
  ['preview A’s bag line', { method: 'POST', url: '/api/order/preview', payload: { items: [ids.aBagItem] } }],
  [
    'create from A’s bag line',
    { method: 'POST', url: '/api/order/create', payload: { items: [ids.aBagItem], addressId: ids.bAddress } },
  ],
  [
    'create to A’s address',
    {
      method: 'POST',
      url: '/api/order/create',
      payload: { buyNow: { productId: ids.product, quantity: 1, spec: {} }, addressId: ids.aAddress },
    },
  ],
  [
    'preview with A’s address',
    {
      method: 'POST',
      url: '/api/order/preview',
      payload: { buyNow: { productId: ids.product, quantity: 1, spec: {} }, addressId: ids.aAddress },
    },
  ],
  ['read address', { method: 'GET', url: `/api/user/address?id=${ids.aAddress}` }],
  ['update address', { method: 'POST', url: '/api/user/address_add', payload: { ...address, id: ids.aAddress } }],
  ['set default address', { method: 'POST', url: '/api/user/address_set_default', payload: { id: ids.aAddress } }],
  ['delete address', { method: 'GET', url: `/api/user/address_del?id=${ids.aAddress}` }],
  [
    'operator ship with a shopper token',
    { method: 'POST', url: '/api/admin/order/ship', payload: { id: ids.paid, carrier: 'X', trackingNo: 'Y' } },
  ],
  [
    'operator refund decision with a shopper token',
    { method: 'POST', url: '/api/admin/refund/decide', payload: { orderId: ids.paid, agree: true } },
  ],
  [
    'operator balance with a shopper token',
    { method: 'POST', url: '/api/admin/balance/adjust', payload: { account: 'shopper-b', amount: 100, reason: 'x' } },
  ],
  ['operator order list with a shopper token', { method: 'GET', url: '/api/admin/orders' }],
];

describe("shopper B with shopper A's ids", () => {
  it.each(attempts().map(([label]) => [label]))('refuses: %s, and changes nothing', async (label) => {
    const options = attempts().find(([name]) => name === label)![1];
    const before = await ordersFingerprint(t);
    const reply = await call(t.app, { ...options, headers: b.headers });
    expect({ label, code: reply.code }).not.toEqual({ label, code: 1 });
    expect(reply.msg).not.toMatch(/at .+\.(ts|js):\d+/);
    expect(await ordersFingerprint(t)).toBe(before);
  });

  it("cannot read A's upload, by token or cookie", async () => {
    for (const headers of [b.headers, { cookie: `Admin-Token=${b.token}` }]) {
      expect((await t.app.inject({ method: 'GET', url: aUpload.url, headers })).statusCode).toBe(404);
    }
  });

  it("does not see A's orders or addresses in lists", async () => {
    const orders = await call<{ list: { id: number }[] }>(t.app, {
      method: 'GET',
      url: '/api/user/order_list',
      headers: b.headers,
    });
    expect(orders.data.list.map((o) => o.id)).toEqual([ids.bOrder]);
    const addresses = await call<{ id: number }[]>(t.app, {
      method: 'GET',
      url: '/api/user/address_list',
      headers: b.headers,
    });
    expect(addresses.data.map((x) => x.id)).toEqual([ids.bAddress]);
  });

  it('A can still do each of those things (the refusals are about ownership, not broken calls)', async () => {
    expect(
      (await call(t.app, { method: 'GET', url: `/api/order/detail?id=${ids.paid}`, headers: a.headers })).code,
    ).toBe(1);
    const posts: [url: string, payload: object][] = [
      ['/api/order/refund', refund(ids.paid, aUpload.id)],
      ['/api/order/comment', comment(ids.received)],
      ['/api/order/confirm', { id: ids.shipped }],
      ['/api/order/cancel', { id: ids.waiting }],
    ];
    for (const [url, payload] of posts) {
      expect({ url, code: (await postAs(t.app, a, url, payload)).code }).toEqual({ url, code: 1 });
    }
  });
});
