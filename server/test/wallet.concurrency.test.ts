jest.setTimeout(300_000);

import { sql } from 'drizzle-orm';
import { admin, buyNow, call, createOrdersTestApp, ledgerBreaches, pay, productOnSale, seededRandom } from './kit';
import { ledgerEntriesOf } from './kit';
import { shopper as newShopper, upload, type Shopper, type TestApp } from './kit';
import { cardTopUp, channels, decide, TRC20_ADDRESS, withdraw } from './wallet.helpers';

/**
 * Hundreds of top-ups, approvals, refusals, withdrawals, card top-ups and payments over several shoppers,
 * racing on the same balances and the same requests. All at once on PostgreSQL (TEST_DATABASE_URL);
 * one after another on PGlite (one connection). The money invariants must hold either way.
 */
const CONCURRENT = Boolean(process.env.TEST_DATABASE_URL);
const SHOPPERS = 6;
const OPERATIONS = 360;

let t: TestApp;
const shoppers: (Shopper & { orders: number[]; proof: string })[] = [];
let onChain = 0;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Seeded, so a failure can be replayed. */
const random = seededRandom(20_261_124);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

beforeAll(async () => {
  t = await createOrdersTestApp();
  const productId = await productOnSale(t, { unitPrice: 700, stock: 1_000 });
  for (let i = 0; i < SHOPPERS; i++) {
    const shopper = await newShopper(t, `wallet-racer-${i}`);
    const { addressId } = shopper;
    const orders: number[] = [];
    for (let n = 0; n < 4; n++) orders.push((await buyNow(t.app, shopper, addressId, productId)).id);
    shoppers.push({ ...shopper, orders, proof: (await upload(t.app, shopper)).id });
  }
  onChain = (await channels(t.app, shoppers[0]!)).find((c) => c.name.includes('TRC20'))!.id;
  // Some auditing requests exist before the race, so decisions race each other and new requests.
  for (const shopper of shoppers) {
    for (let n = 0; n < 3; n++) await cardTopUp(t.app, shopper, 4_000);
  }
});
afterAll(() => t.close());

const pendingIds = async (table: 'recharges' | 'withdrawals') =>
  (await rows<{ id: number }>(sql.raw(`SELECT id FROM ${table} ORDER BY id`))).map((row) => row.id);

const operation = (ids: { recharges: number[]; withdrawals: number[] }) => {
  const shopper = pick(shoppers);
  const kind = pick([
    'topUp',
    'topUp',
    'card',
    'cardRepeat',
    'approveTopUp',
    'refuseTopUp',
    'withdraw',
    'withdraw',
    'payWithdrawal',
    'refuseWithdrawal',
    'pay',
  ] as const);
  const requestId = `race${Math.floor(random() * 40)}${shopper.id}`;
  switch (kind) {
    case 'topUp':
      return () =>
        call(t.app, {
          method: 'POST',
          url: '/api/user/recharge',
          headers: shopper.headers,
          payload: {
            method: 'onChain',
            network: onChain,
            address: TRC20_ADDRESS,
            amount: 1_000 + Math.floor(random() * 3_000),
            evidence: shopper.proof,
            acceptNotes: true,
          },
        });
    case 'card':
      return () => cardTopUp(t.app, shopper, 1_500);
    case 'cardRepeat':
      return () => cardTopUp(t.app, shopper, 2_500, { requestId });
    case 'approveTopUp':
    case 'refuseTopUp':
      return () => decide(t.app, 'recharge', pick(ids.recharges), kind === 'approveTopUp', 'race');
    case 'withdraw':
      return () => withdraw(t.app, shopper, 500 + Math.floor(random() * 4_000), { requestId: `w${requestId}` });
    case 'payWithdrawal':
    case 'refuseWithdrawal':
      return () => decide(t.app, 'withdrawal', pick(ids.withdrawals), kind === 'payWithdrawal', 'race');
    default:
      return () => pay(t.app, shopper, [pick(shopper.orders)]);
  }
};

describe(`wallet under ${OPERATIONS} ${CONCURRENT ? 'concurrent' : 'sequential'} operations`, () => {
  const replies: { code: number; msg: string; status: number }[] = [];

  beforeAll(async () => {
    // Two waves, so the second wave's decisions race on requests made in the first.
    for (let wave = 0; wave < 2; wave++) {
      const ids = {
        recharges: [...(await pendingIds('recharges')), 1],
        withdrawals: [...(await pendingIds('withdrawals')), 1],
      };
      const ops = Array.from({ length: OPERATIONS / 2 }, () => operation(ids));
      if (CONCURRENT) replies.push(...(await Promise.all(ops.map((op) => op()))));
      else for (const op of ops) replies.push(await op());
    }
  });

  it('answers every operation with a clear envelope, never a server error', () => {
    expect(replies.filter((reply) => reply.status >= 500 || reply.code === 500 || reply.msg.includes('busy'))).toEqual(
      [],
    );
    expect(replies.filter((reply) => reply.code === 1).length).toBeGreaterThan(OPERATIONS / 8);
    expect(replies.some((reply) => reply.code === 0)).toBe(true);
  });

  it('keeps balance == sum of ledger entries for every shopper, never negative', async () => {
    expect(await ledgerBreaches(t)).toEqual([]);
  });

  it('applies each decision once: credits only passed top-ups, returns only refused withdrawals, once each', async () => {
    const topUp = ledgerEntriesOf('topup', sql`'recharge:' || r.id`);
    const recharges = await rows<{ id: number; status: number; amount: number; credits: number; credited: number }>(sql`
      SELECT r.id, r.status, r.amount_cents::int AS amount, ${topUp.count} AS credits, ${topUp.sum} AS credited
      FROM recharges r`);
    expect(recharges.length).toBeGreaterThan(SHOPPERS * 3);
    for (const r of recharges) {
      expect({ id: r.id, credits: r.credits, credited: r.credited }).toEqual({
        id: r.id,
        credits: r.status === 1 ? 1 : 0,
        credited: r.status === 1 ? r.amount : 0,
      });
    }
    const hold = ledgerEntriesOf('withdrawal', sql`'withdrawal:' || w.id`);
    const returned = ledgerEntriesOf('withdrawalRefund', sql`'withdrawal:' || w.id`);
    const withdrawals = await rows<{
      id: number;
      status: number;
      amount: number;
      holds: number;
      held: number;
      returns: number;
      returned: number;
    }>(sql`
      SELECT w.id, w.status, w.draw_amount_cents::int AS amount,
        ${hold.count} AS holds, -${hold.sum} AS held, ${returned.count} AS returns, ${returned.sum} AS returned
      FROM withdrawals w`);
    expect(withdrawals.length).toBeGreaterThan(0);
    for (const w of withdrawals) {
      expect({ id: w.id, holds: w.holds, held: w.held, returns: w.returns, returned: w.returned }).toEqual({
        id: w.id,
        holds: 1,
        held: w.amount,
        returns: w.status === 2 ? 1 : 0,
        returned: w.status === 2 ? w.amount : 0,
      });
    }
    const audits = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM operator_audit WHERE action LIKE 'recharge.%' OR action LIKE 'withdrawal.%'`,
    );
    const decided = await rows<{ n: number }>(sql`
      SELECT ((SELECT count(*) FROM recharges WHERE status <> 0 AND method <> 'card')
            + (SELECT count(*) FROM withdrawals WHERE status <> 0))::int AS n`);
    expect(audits[0]!.n).toBe(decided[0]!.n);
  });

  it('credits a repeated card request id once', async () => {
    const repeated = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT user_id, request_id FROM recharges WHERE request_id LIKE 'race%' GROUP BY 1, 2 HAVING count(*) > 1) x`,
    );
    expect(repeated[0]!.n).toBe(0);
  });

  it('agrees with the operator ledger check', async () => {
    const check = await call<{ ok: boolean }>(t.app, { method: 'GET', url: '/api/admin/ledger/check', headers: admin });
    expect(check.data.ok).toBe(true);
  });
});
