jest.setTimeout(180_000);

import { eq } from 'drizzle-orm';
import type { OrderDetail } from '@marketplace/shared/contracts';
import { orders, refunds, uploads } from '../src/db/schema';
import { ADMIN_TOKEN, admin, buyNow, call, createTestApp, pay, productOnSale, shopper, upload } from './kit';
import type { Buyer, Shopper, TestApp } from './kit';

/**
 * The shopper app review (docs/decisions/0009-shopper-app-review.md): a refund request carries up to six proof pictures (the original `attachment` plus the
 * `attachments` list), each the shopper's own upload; the order shows them back; the unreferenced-upload
 * clean-up keeps every one of them. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let ana: Buyer;
let bob: Buyer;
let addressId: number;
let productId: number;

const GRACE_MS = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({
    adminToken: ADMIN_TOKEN,
    uploadQuota: { maxCount: 60, maxBytes: 10 * 1024 * 1024, graceMs: GRACE_MS },
  });
  ana = await shopper(t, 'pics-ana', { balance: 100_000 });
  bob = await shopper(t, 'pics-bob', { address: false });
  addressId = ana.addressId;
  productId = await productOnSale(t, { unitPrice: 2_000, stock: 50, title: 'Photo Frame' }, 'Pictures Shop');
});
afterAll(() => t.close());

const post = <T>(url: string, payload: object, headers: object = ana.headers) =>
  call<T>(t.app, { method: 'POST', url, headers: headers as Record<string, string>, payload });

/** A paid order of Ana's (status 1), ready for a refund request. */
const paidOrder = async () => {
  const order = await buyNow(t.app, ana, addressId, productId);
  expect((await pay(t.app, ana, [order.id])).code).toBe(1);
  return order;
};

const uploadsOf = async (shopper: Shopper, n: number) => {
  const list = [];
  for (let i = 0; i < n; i += 1) list.push(await upload(t.app, shopper));
  return list;
};

const body = (orderId: number, ids: string[], extra: object = {}) => ({
  orderId,
  refundType: 'return',
  refundAmount: 1_000,
  productStatus: 'received',
  reason: 'Cracked glass',
  explain: 'The glass arrived cracked in two corners',
  attachment: ids[0],
  attachments: ids,
  ...extra,
});

/** What a refused request must leave untouched: the order's status and the refunds of the order. */
const stateOf = async (orderId: number) => ({
  status: (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status,
  refunds: await t.db.select().from(refunds).where(eq(refunds.orderId, orderId)),
});

const detail = async (orderId: number) =>
  (await call<OrderDetail>(t.app, { method: 'GET', url: `/api/order/detail?id=${orderId}`, headers: ana.headers }))
    .data;

describe('refund proof pictures', () => {
  it('accepts six pictures and shows all six back on the order, in order, with the time of the request', async () => {
    const order = await paidOrder();
    const pics = await uploadsOf(ana, 6);
    const reply = await post(
      '/api/order/refund',
      body(
        order.id,
        pics.map((p) => p.id),
      ),
    );
    expect(reply).toMatchObject({ code: 1, msg: 'Application successful' });

    const shown = await detail(order.id);
    expect(shown.status).toBe(-3);
    expect(shown.refund).toMatchObject({
      refundType: 'return',
      refundAmount: 1_000,
      reason: 'Cracked glass',
      explain: 'The glass arrived cracked in two corners',
      state: 'pending',
      attachmentUrl: pics[0]!.url,
      attachmentUrls: pics.map((p) => p.url),
      decidedAt: null,
    });
    // The order timeline's "Refund requested" step is dated by it.
    expect(Date.parse(shown.refund!.createdAt)).not.toBeNaN();
    // Each picture is readable by its owner, and not by another shopper.
    for (const pic of pics) {
      expect((await t.app.inject({ method: 'GET', url: pic.url, headers: ana.headers })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: pics[5]!.url, headers: bob.headers })).statusCode).toBe(404);
    // ...and by an operator (the pending list carries every id).
    expect((await t.app.inject({ method: 'GET', url: pics[5]!.url, headers: admin })).statusCode).toBe(200);
    const pending = await call<{ orderId: number; attachmentIds: string[] }[]>(t.app, {
      method: 'GET',
      url: '/api/admin/refunds',
      headers: admin,
    });
    expect(pending.data.find((row) => row.orderId === order.id)?.attachmentIds).toEqual(pics.map((p) => p.id));
  });

  it('refuses seven pictures with the translated message and changes nothing', async () => {
    const order = await paidOrder();
    const ids = (await uploadsOf(ana, 7)).map((p) => p.id);
    const before = await stateOf(order.id);
    const english = await post('/api/order/refund', body(order.id, ids));
    expect(english).toMatchObject({ code: 0, msg: 'At most 6 proof pictures' });
    // Seven through the original field plus six in the list, too.
    expect((await post('/api/order/refund', body(order.id, ids.slice(1), { attachment: ids[0] }))).msg).toBe(
      'At most 6 proof pictures',
    );
    const german = await post('/api/order/refund', body(order.id, ids), { ...ana.headers, lang: 'de' });
    expect(german.msg).toBe('Höchstens 6 Nachweisbilder');
    const japanese = await post('/api/order/refund', body(order.id, ids), { ...ana.headers, lang: 'jp' });
    expect(japanese.msg).toBe('証拠画像は6枚までです');
    expect(await stateOf(order.id)).toEqual(before);
    expect(before.refunds).toEqual([]);
  });

  it("refuses another shopper's upload among the pictures and changes nothing", async () => {
    const order = await paidOrder();
    const own = (await uploadsOf(ana, 2)).map((p) => p.id);
    const [bobs] = await uploadsOf(bob, 1);
    const before = await stateOf(order.id);
    const reply = await post('/api/order/refund', body(order.id, [...own, bobs!.id]));
    expect(reply).toMatchObject({ code: 0, msg: 'A proof picture could not be found, please upload it again' });
    // An id that does not exist answers the same (ids cannot be probed).
    expect((await post('/api/order/refund', body(order.id, [own[0]!, 'f'.repeat(32)]))).msg).toBe(
      'A proof picture could not be found, please upload it again',
    );
    expect(await stateOf(order.id)).toEqual(before);
  });

  it('keeps the original field working: `attachment` alone is one picture; no picture at all is "Please upload proof"', async () => {
    const order = await paidOrder();
    const [pic] = await uploadsOf(ana, 1);
    const withoutProof = body(order.id, []);
    delete (withoutProof as { attachment?: string }).attachment;
    expect((await post('/api/order/refund', withoutProof)).msg).toBe('Please upload proof');
    expect((await post('/api/order/refund', { ...body(order.id, []), attachments: undefined })).msg).toBe(
      'Please upload proof',
    );
    const single = { ...body(order.id, [pic!.id]), attachments: undefined };
    expect((await post('/api/order/refund', single)).code).toBe(1);
    expect((await detail(order.id)).refund?.attachmentUrls).toEqual([pic!.url]);
  });

  it('the clean-up keeps every referenced picture and removes a stray upload once the grace period is over', async () => {
    const order = await paidOrder();
    const pics = await uploadsOf(ana, 3);
    const [stray] = await uploadsOf(ana, 1);
    expect(
      (
        await post(
          '/api/order/refund',
          body(
            order.id,
            pics.map((p) => p.id),
          ),
        )
      ).code,
    ).toBe(1);
    t.advance(GRACE_MS * 2);
    const cleaned = await call<{ removed: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/uploads/cleanup',
      headers: admin,
    });
    expect(cleaned.code).toBe(1);
    expect(cleaned.data.removed).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(uploads).where(eq(uploads.id, stray!.id))).toEqual([]);
    for (const pic of pics) {
      expect((await t.db.select().from(uploads).where(eq(uploads.id, pic.id))).length).toBe(1);
      expect((await t.app.inject({ method: 'GET', url: pic.url, headers: ana.headers })).statusCode).toBe(200);
    }
  });
});
