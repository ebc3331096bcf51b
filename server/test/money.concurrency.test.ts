jest.setTimeout(300_000);

import { sql } from 'drizzle-orm';
import { admin, buyNow, call, createOrdersTestApp, createProduct, createShop, ledgerBreaches, pay } from './kit';
import { ledgerEntriesOf } from './kit';
import { seededRandom, shopper as newShopper, upload, type Shopper, type TestApp } from './kit';

/**
 * 200 pay / cancel / refund-request / refund-decision operations over 10 shoppers, racing on the same
 * orders and the same balances. On PostgreSQL (TEST_DATABASE_URL) they run all at once; PGlite has one
 * connection, so there they run one after another. Either way the money invariants must hold.
 */
const CONCURRENT = Boolean(process.env.TEST_DATABASE_URL);
const SHOPPERS = 10;
const OPERATIONS = 200;
const FUNDS = 9_000;
const STOCK = 25;

let t: TestApp;
const shoppers: (Shopper & { orders: number[]; proof: string })[] = [];
const productIds: number[] = [];

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Seeded, so a failure can be replayed. */
const random = seededRandom(20_260_101);
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;

beforeAll(async () => {
  t = await createOrdersTestApp();
  const shop = await createShop(t);
  for (const unitPrice of [1_200, 2_500, 3_900])
    productIds.push((await createProduct(t, shop.id, { unitPrice, stock: STOCK })).id);
  for (let i = 0; i < SHOPPERS; i++) {
    const shopper = await newShopper(t, `racer-${i}`, { balance: FUNDS });
    const { addressId } = shopper;
    const orders: number[] = [];
    for (let n = 0; n < 6; n++) {
      try {
        orders.push((await buyNow(t.app, shopper, addressId, pick(productIds))).id);
      } catch {
        // Out of stock is a valid outcome of the setup; the stock check below covers it.
      }
    }
    // Some orders are paid (and some of those have a refund request) before the race starts.
    await pay(t.app, shopper, orders.slice(0, 2));
    shoppers.push({ ...shopper, orders, proof: (await upload(t.app, shopper)).id });
  }
});
afterAll(() => t.close());

const operation = () => {
  const shopper = pick(shoppers);
  const orderId = pick(shopper.orders);
  const kind = pick(['pay', 'pay', 'payMany', 'cancel', 'refund', 'agree', 'refuse'] as const);
  switch (kind) {
    case 'pay':
      return () => pay(t.app, shopper, [orderId]);
    case 'payMany':
      return () => pay(t.app, shopper, shopper.orders.slice(0, 4));
    case 'cancel':
      return () =>
        call(t.app, { method: 'POST', url: '/api/order/cancel', headers: shopper.headers, payload: { id: orderId } });
    case 'refund':
      return () =>
        call(t.app, {
          method: 'POST',
          url: '/api/order/refund',
          headers: shopper.headers,
          payload: {
            orderId,
            refundType: 'refund',
            refundAmount: 1_000,
            productStatus: 'notReceived',
            reason: 'race',
            explain: 'race',
            attachment: shopper.proof,
          },
        });
    default:
      return () =>
        call(t.app, {
          method: 'POST',
          url: '/api/admin/refund/decide',
          headers: admin,
          payload: { orderId, agree: kind === 'agree', reason: 'race' },
        });
  }
};

describe(`money under ${OPERATIONS} ${CONCURRENT ? 'concurrent' : 'sequential'} operations`, () => {
  let replies: { code: number; msg: string; status: number }[] = [];

  beforeAll(async () => {
    const ops = Array.from({ length: OPERATIONS }, operation);
    if (CONCURRENT) replies = await Promise.all(ops.map((op) => op()));
    else for (const op of ops) replies.push(await op());
  });

  it('answers every operation with a clear envelope, never a server error', () => {
    expect(replies.filter((reply) => reply.status >= 500 || reply.code === 500)).toEqual([]);
    expect(replies.some((reply) => reply.code === 1)).toBe(true);
    // The mix must really race: some operations lose (already paid, already submitted, wrong status).
    expect(replies.some((reply) => reply.code === 0)).toBe(true);
  });

  it('keeps balance == sum of ledger entries for every shopper, never negative', async () => {
    expect(await ledgerBreaches(t)).toEqual([]);
  });

  it('charges every paid order exactly once and refunds only refunded orders, once', async () => {
    const payment = ledgerEntriesOf('payment', sql`'order:' || o.id`);
    const refund = ledgerEntriesOf('refund', sql`'order:' || o.id`);
    const orders = await rows<{
      id: number;
      status: number;
      total: number;
      payments: number;
      paid: string;
      refunds: number;
    }>(sql`
      SELECT o.id, o.status, o.total_cents::int AS total,
        ${payment.count} AS payments, -${payment.sum} AS paid, ${refund.count} AS refunds
      FROM orders o`);
    for (const order of orders) {
      const wasPaid = ![0, -1].includes(order.status);
      expect({ id: order.id, payments: order.payments, paid: Number(order.paid) }).toEqual({
        id: order.id,
        payments: wasPaid ? 1 : 0,
        paid: wasPaid ? order.total : 0,
      });
      expect({ id: order.id, refunds: order.refunds }).toEqual({ id: order.id, refunds: order.status === -2 ? 1 : 0 });
    }
  });

  it('balance = funds − payments + refunds, from the business rows', async () => {
    const result = await rows<{ account: string; balance: number; expected: number }>(sql`
      SELECT u.account, u.balance::int AS balance,
        (${FUNDS} - coalesce((SELECT sum(o.total_cents) FROM orders o WHERE o.user_id = u.id AND o.status NOT IN (0, -1)), 0)
          + coalesce((SELECT sum(r.refund_amount_cents) FROM refunds r WHERE r.user_id = u.id AND r.state = 'agreed'), 0))::int AS expected
      FROM users u WHERE u.account LIKE 'racer-%'`);
    expect(result).toHaveLength(SHOPPERS);
    for (const row of result) expect(row.balance).toBe(row.expected);
  });

  it('never lets stock go negative, and stock + live (not cancelled, not refunded) order quantities == the initial stock', async () => {
    const stock = await rows<{ id: number; stock: number; reserved: number }>(sql`
      SELECT p.id, p.stock,
        coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                  WHERE oi.product_id = p.id AND o.status NOT IN (-1, -2)), 0)::int AS reserved
      FROM products p WHERE p.id IN (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const row of stock) {
      expect(row.stock).toBeGreaterThanOrEqual(0);
      expect(row.stock + row.reserved).toBe(STOCK);
    }
  });
});
