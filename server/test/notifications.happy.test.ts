jest.setTimeout(180_000);

import { sql } from 'drizzle-orm';
import type { NoticeKind } from '@marketplace/shared/contracts';
import { admin, appForFile, buyNow, call, orderStatus, pay, upload } from './kit';
import { productOnSale, shopper as newShopper, type Buyer, type TestApp } from './kit';
import { listNotifications, reply, unreadCount } from './support.helpers';
import { balanceOf, decide, requestTopUp, withdraw } from './wallet.helpers';

/**
 * The shopper app review (docs/decisions/0009-shopper-app-review.md): every event a shopper waits for writes exactly one notification for that shopper, in the
 * same transaction as the event, and a replayed request (which the event's own guard refuses) writes none.
 */
let t: TestApp;
let shopper: Buyer;
let bystander: Buyer;
let productId: number;

appForFile(
  (opened) => ([t, shopper, bystander] = opened),
  { account: 'notice-shopper', balance: 100_000, address: true },
  'notice-bystander',
);
beforeAll(async () => {
  productId = await productOnSale(t, { unitPrice: 2_500, stock: 50, title: 'Notice Mug' }, 'Notice Shop');
});

const post = (url: string, payload: object, headers: Record<string, string> = admin) =>
  call(t.app, { method: 'POST', url, headers, payload: payload as Record<string, unknown> });

/** Every notification row in the database, by owner and kind (not only the caller's page). */
const rows = async () =>
  (
    (await t.db.execute(sql`SELECT user_id, kind, params, link FROM notifications ORDER BY id`)) as unknown as {
      rows: { user_id: number; kind: NoticeKind; params: Record<string, unknown>; link: string }[];
    }
  ).rows;

/** Runs `event`, then `replay`; returns the notifications the two wrote between them. */
const written = async (event: () => Promise<unknown>, replay?: () => Promise<unknown>) => {
  const before = (await rows()).length;
  await event();
  if (replay) await replay();
  return (await rows()).slice(before);
};

const paidOrder = async () => {
  const order = await buyNow(t.app, shopper, shopper.addressId, productId);
  expect((await pay(t.app, shopper, [order.id])).code).toBe(1);
  return order;
};

describe('each event writes one notification for its shopper; a replay writes none', () => {
  it('order paid: one per order, with the amount and a link to the order; paying again is refused', async () => {
    const order = await buyNow(t.app, shopper, shopper.addressId, productId, 2);
    const notes = await written(
      async () => expect((await pay(t.app, shopper, [order.id])).code).toBe(1),
      async () => expect((await pay(t.app, shopper, [order.id])).code).not.toBe(1),
    );
    expect(notes).toEqual([
      {
        user_id: shopper.id,
        kind: 'orderPaid',
        params: { orderNo: expect.any(String), amount: order.total },
        link: `/orderInfo/${order.id}`,
      },
    ]);
    const [newest] = (await listNotifications(t, shopper)).data.list;
    expect(newest!.text).toBe(
      `You paid $${(order.total / 100).toFixed(2)} for order ${String(notes[0]!.params.orderNo)}`,
    );
  });

  it('order paid in one pay of two orders: two notifications, one per order', async () => {
    const first = await buyNow(t.app, shopper, shopper.addressId, productId);
    const second = await buyNow(t.app, shopper, shopper.addressId, productId);
    const notes = await written(async () => expect((await pay(t.app, shopper, [first.id, second.id])).code).toBe(1));
    // One pay writes both in one transaction: their order is not part of the rule.
    expect(notes.map((n) => [n.user_id, n.kind, n.link])).toEqual(
      expect.arrayContaining([
        [shopper.id, 'orderPaid', `/orderInfo/${first.id}`],
        [shopper.id, 'orderPaid', `/orderInfo/${second.id}`],
      ]),
    );
    expect(notes).toHaveLength(2);
  });

  it('a pay refused for the balance writes none', async () => {
    const poor = await newShopper(t, 'notice-poor');
    const order = await buyNow(t.app, poor, poor.addressId, productId);
    const notes = await written(async () => expect((await pay(t.app, poor, [order.id])).code).not.toBe(1));
    expect(notes).toEqual([]);
  });

  it('shipped and delivered by the operator; shipping or delivering again is refused', async () => {
    const order = await paidOrder();
    const shipped = await written(
      async () =>
        expect((await post('/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'T1' })).code).toBe(1),
      async () =>
        expect((await post('/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'T1' })).code).not.toBe(
          1,
        ),
    );
    expect(shipped.map((n) => [n.user_id, n.kind, n.link])).toEqual([
      [shopper.id, 'orderShipped', `/orderInfo/${order.id}`],
    ]);
    const delivered = await written(
      async () => expect((await post('/api/admin/order/deliver', { id: order.id })).code).toBe(1),
      async () => expect((await post('/api/admin/order/deliver', { id: order.id })).code).not.toBe(1),
    );
    expect(delivered.map((n) => [n.user_id, n.kind, n.link])).toEqual([
      [shopper.id, 'orderDelivered', `/orderInfo/${order.id}`],
    ]);
    const [newest] = (await listNotifications(t, shopper, '', 'fr')).data.list;
    expect(newest!.text).toMatch(/^Votre commande \S+ a été livrée$/);
  });

  it('refund decided (agreed and refused); deciding again is refused', async () => {
    for (const agree of [true, false]) {
      const order = await paidOrder();
      const proof = await upload(t.app, shopper);
      const asked = await post(
        '/api/order/refund',
        {
          orderId: order.id,
          refundType: 'refund',
          refundAmount: order.total,
          productStatus: 'notReceived',
          reason: 'Too late',
          explain: 'Never arrived',
          attachment: proof.id,
        },
        shopper.headers,
      );
      expect(asked.code).toBe(1);
      const decision = { orderId: order.id, agree, reason: agree ? '' : 'Delivered fine' };
      const notes = await written(
        async () => expect((await post('/api/admin/refund/decide', decision)).code).toBe(1),
        async () => expect((await post('/api/admin/refund/decide', decision)).code).not.toBe(1),
      );
      expect(notes.map((n) => [n.user_id, n.kind, n.link])).toEqual([
        [shopper.id, agree ? 'refundAgreed' : 'refundRefused', `/orderInfo/${order.id}`],
      ]);
    }
  });

  it('top-up and withdrawal decided; deciding again is refused', async () => {
    const topUp = await requestTopUp(t.app, shopper, 4_000);
    const approved = await written(
      async () => expect((await decide(t.app, 'recharge', topUp.data.record.id, true)).code).toBe(1),
      async () => expect((await decide(t.app, 'recharge', topUp.data.record.id, false, 'late')).code).not.toBe(1),
    );
    expect(approved).toEqual([
      { user_id: shopper.id, kind: 'topUpApproved', params: { amount: 4_000 }, link: '/topUpRecord' },
    ]);

    const held = await withdraw(t.app, shopper, 1_500);
    expect(held.code).toBe(1);
    const paid = await written(
      async () => expect((await decide(t.app, 'withdrawal', held.data.record.id, true)).code).toBe(1),
      async () => expect((await decide(t.app, 'withdrawal', held.data.record.id, true)).code).not.toBe(1),
    );
    expect(paid).toEqual([
      { user_id: shopper.id, kind: 'withdrawalPaid', params: { amount: 1_500 }, link: '/depositRecord' },
    ]);
  });

  it('customer-service reply: one reply, one notification', async () => {
    const notes = await written(async () => expect((await reply(t, shopper.id, 'We are on it')).code).toBe(1));
    expect(notes.map((n) => [n.user_id, n.kind, n.link])).toEqual([[shopper.id, 'serviceReply', '/service']]);
  });

  it('complaint handled, with the shop it was about; handling again writes none', async () => {
    const filed = await post(
      '/api/merchant/complaint',
      { shopName: 'Noisy Shop', content: 'Rude answers' },
      shopper.headers,
    );
    const id = (filed.data as { id: number }).id;
    const notes = await written(
      async () => expect((await post('/api/admin/complaint_handle', { id })).code).toBe(1),
      async () => expect((await post('/api/admin/complaint_handle', { id })).code).toBe(1),
    );
    expect(notes).toEqual([
      { user_id: shopper.id, kind: 'complaintHandled', params: { shop: 'Noisy Shop' }, link: '' },
    ]);
    const [newest] = (await listNotifications(t, shopper, '', 'de')).data.list;
    expect(newest!.text).toBe('Deine Beschwerde über Noisy Shop wurde bearbeitet');
  });

  it('the bystander got none of them, and the shopper sees them all unread', async () => {
    expect((await rows()).filter((n) => n.user_id === bystander.id)).toEqual([]);
    expect(await unreadCount(t, bystander)).toBe(0);
    expect(await unreadCount(t, shopper)).toBe((await rows()).filter((n) => n.user_id === shopper.id).length);
  });
});

describe('the notification is part of the event: when it cannot be written, the event does not happen', () => {
  // A constraint that refuses one kind stands in for any failure of the notification's insert.
  const refuseKind = (kind: NoticeKind) =>
    t.db.execute(sql.raw(`ALTER TABLE notifications ADD CONSTRAINT refuse_kind CHECK (kind <> '${kind}') NOT VALID`));
  const allowAll = () => t.db.execute(sql`ALTER TABLE notifications DROP CONSTRAINT IF EXISTS refuse_kind`);
  afterEach(allowAll);

  it('pay: no charge, the order still waits', async () => {
    const order = await buyNow(t.app, shopper, shopper.addressId, productId);
    const balance = await balanceOf(t.app, shopper);
    await refuseKind('orderPaid');
    expect((await pay(t.app, shopper, [order.id])).code).not.toBe(1);
    await allowAll();
    expect(await orderStatus(t, order.id)).toBe(0);
    expect(await balanceOf(t.app, shopper)).toBe(balance);
  });

  it('ship: the order stays waiting for delivery', async () => {
    const order = await paidOrder();
    await refuseKind('orderShipped');
    expect((await post('/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'T2' })).code).not.toBe(1);
    await allowAll();
    expect(await orderStatus(t, order.id)).toBe(1);
  });

  it('complaint handled: the complaint stays open', async () => {
    const filed = await post('/api/merchant/complaint', { shopName: 'Shop X', content: 'Late' }, shopper.headers);
    const id = (filed.data as { id: number }).id;
    await refuseKind('complaintHandled');
    expect((await post('/api/admin/complaint_handle', { id })).code).not.toBe(1);
    await allowAll();
    const state = (await t.db.execute(sql`SELECT state FROM complaints WHERE id = ${id}`)) as unknown as {
      rows: { state: string }[];
    };
    expect(state.rows[0]!.state).toBe('open');
  });
});
