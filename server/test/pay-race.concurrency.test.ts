jest.setTimeout(600_000);

import { call, createOrdersTestApp, ledgerBreaches, pay, productOnSale, seededRandom } from './kit';
import { shopper as newShopper, type Shopper, type TestApp } from './kit';
import { cardTopUp, withdraw } from './wallet.helpers';

/**
 * Pays racing the same shoppers' card top-ups, withdrawals and cancels (docs/decisions/0007-several-api-processes.md): a pay must decide
 * "the balance suffices" from the very row version it charges, so it answers "paid" or the required shortfall
 * message and never reaches the balance constraint (a 500). On PostgreSQL (TEST_DATABASE_URL) WORKERS
 * loops run at once on few shoppers; on PGlite (one connection) the same operations run one at a time.
 * PAY_RACE_PAYS sets how many pays (2,000 by default on PostgreSQL).
 */
const CONCURRENT = Boolean(process.env.TEST_DATABASE_URL);
const WORKERS = 12;
const SHOPPERS = 2;
const PAYS = Number(process.env.PAY_RACE_PAYS) || (CONCURRENT ? 2_000 : 120);
const PRICE = 1_700;

// Withdrawals are limited per shopper (30 a minute); this race makes hundreds on purpose.
process.env.WALLET_RATE_LIMIT_MAX = '100000';

let t: TestApp;
const shoppers: (Shopper & { addressId: number })[] = [];
let productId = 0;

/** Seeded, so a failure can be replayed. */
const random = seededRandom(20_261_127);

beforeAll(async () => {
  t = await createOrdersTestApp();
  productId = await productOnSale(t, { unitPrice: PRICE, stock: 1_000_000 });
  for (let i = 0; i < SHOPPERS; i++) {
    // Little money: pays keep meeting a balance that a top-up just raised or a withdrawal just lowered.
    shoppers.push(await newShopper(t, `pay-racer-${i}`, { balance: 5_000 }));
  }
});
afterAll(() => t.close());

describe(`${PAYS} pays racing top-ups, withdrawals and cancels (${CONCURRENT ? 'concurrent' : 'sequential'})`, () => {
  const replies: { op: string; status: number; code: number; msg: string }[] = [];
  let pays = 0;

  beforeAll(async () => {
    const worker = async (index: number) => {
      const shopper = shoppers[index % SHOPPERS]!;
      while (pays < PAYS) {
        const created = await call<{ orders: { id: number }[] }>(t.app, {
          method: 'POST',
          url: '/api/order/create',
          headers: shopper.headers,
          payload: { buyNow: { productId, quantity: 1, spec: {} }, addressId: shopper.addressId },
        });
        replies.push({ op: 'create', status: created.status, code: created.code, msg: created.msg });
        const order = created.data?.orders?.[0];
        if (!order) continue;
        const roll = random();
        if (roll < 0.15) {
          replies.push({ op: 'cancel', ...(await cancel(shopper, order.id)) });
        }
        pays++;
        const paid = await pay(t.app, shopper, [order.id]);
        replies.push({ op: 'pay', status: paid.status, code: paid.code, msg: paid.msg });
        if (roll < 0.5) replies.push({ op: 'topUp', ...(await cardTopUp(t.app, shopper, 1_000 + (index % 5) * 300)) });
        else if (roll < 0.8) replies.push({ op: 'withdraw', ...(await withdraw(t.app, shopper, 1_000)) });
        else replies.push({ op: 'cancel', ...(await cancel(shopper, order.id)) });
      }
    };
    const started = Date.now();
    if (CONCURRENT) await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    else await worker(0);
    const tally = new Map<string, number>();
    for (const reply of replies) {
      const key = `${reply.op} ${reply.status} ${reply.code} ${reply.code === 1 ? '' : reply.msg}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    // The run's figures, for the record (a failing run shows what answered 500).
    console.info(
      `${replies.length} requests in ${Date.now() - started} ms\n${[...tally]
        .map(([k, n]) => `${n}\t${k}`)
        .sort()
        .join('\n')}`,
    );
  });

  const cancel = (shopper: Shopper, id: number) =>
    call(t.app, { method: 'POST', url: '/api/order/cancel', headers: shopper.headers, payload: { id } });

  it('answers every request with its envelope, never 500', () => {
    const failures = replies.filter((reply) => reply.status >= 500 || reply.code === 500);
    expect({ failures: failures.length, sample: failures.slice(0, 3) }).toEqual({ failures: 0, sample: [] });
  });

  it('really raced: pays both succeeded and met a shortfall, answered with the required message', () => {
    const paysDone = replies.filter((reply) => reply.op === 'pay');
    expect(paysDone.length).toBeGreaterThanOrEqual(PAYS);
    expect(paysDone.some((reply) => reply.code === 1)).toBe(true);
    // A shortfall answers the required message (other refusals: the order was cancelled first).
    const refusals = new Set(paysDone.filter((reply) => reply.code !== 1).map((reply) => reply.msg));
    expect(refusals).toContain('Your balance is not enough, please top up first');
    refusals.delete('Your balance is not enough, please top up first');
    refusals.delete('This order cannot be paid in its current status');
    expect([...refusals]).toEqual([]);
  });

  it('keeps every balance equal to its ledger, never negative', async () => {
    expect(await ledgerBreaches(t)).toEqual([]);
  });
});
