import { sql } from 'drizzle-orm';
import { buyNow, appWith, ledgerInvariant, pay, productOnSale, shopper, type TestApp } from '../../../test/kit';
import { createLedgerRepository } from './ledger.repository';
import { inTransaction } from './transaction';

// The ledger's statement fragments (balanceChange, insertEntries) write every balance change and entry: the
// ledger's own post and orders' one-statement pay. Each entry's balance after is the one before it plus its
// amount, and the last one is the shopper's balance.

let t: TestApp;
beforeAll(async () => ({ t } = await appWith()));
afterAll(() => t.close());

interface EntryRow {
  amount: number;
  after: number;
  kind: string;
  reference: string | null;
}

const entriesOf = async (userId: number): Promise<EntryRow[]> => {
  const result = (await t.db.execute(
    sql`SELECT amount_cents AS amount, balance_after_cents AS after, kind, reference
        FROM ledger_entries WHERE user_id = ${userId} ORDER BY id`,
  )) as unknown as { rows: { amount: string | number; after: string | number; kind: string; reference: string }[] };
  return result.rows.map((row) => ({ ...row, amount: Number(row.amount), after: Number(row.after) }));
};

const balanceOf = async (userId: number) => {
  const result = (await t.db.execute(sql`SELECT balance FROM users WHERE id = ${userId}`)) as unknown as {
    rows: { balance: string | number }[];
  };
  return Number(result.rows[0]!.balance);
};

/** Each entry's balance after = the previous one's + its amount, from 0; the last is the balance. */
const expectChain = async (userId: number) => {
  const entries = await entriesOf(userId);
  let running = 0;
  for (const entry of entries) {
    running += entry.amount;
    expect(entry.after).toBe(running);
  }
  expect(await balanceOf(userId)).toBe(running);
  return entries;
};

describe('the ledger writes each balance change with its entries', () => {
  it('pays three orders in one statement: one payment entry per order, in order, chained to the balance', async () => {
    const buyer = await shopper(t, 'ledger-chain-pay', { balance: 10_000 });
    const orders = [];
    for (const unitPrice of [1_200, 300, 2_500]) {
      orders.push(await buyNow(t.app, buyer, buyer.addressId, await productOnSale(t, { unitPrice, stock: 5 })));
    }
    const reply = await pay(t.app, buyer, orders.map((order) => order.id).reverse());
    expect(reply.code).toBe(1);
    const total = orders.reduce((sum, order) => sum + order.total, 0);
    expect(reply.data.balance).toBe(10_000 - total);

    const entries = await expectChain(buyer.id);
    expect(entries.map(({ amount, kind, reference }) => ({ amount, kind, reference }))).toEqual([
      { amount: 10_000, kind: 'adjustment', reference: null },
      ...[...orders]
        .sort((a, b) => a.id - b.id)
        .map((order) => ({ amount: -order.total, kind: 'payment', reference: `order:${order.id}` })),
    ]);
  });

  it('charges nothing and writes no entry when the balance does not cover the orders', async () => {
    const buyer = await shopper(t, 'ledger-chain-short', { balance: 1_000 });
    const order = await buyNow(t.app, buyer, buyer.addressId, await productOnSale(t, { unitPrice: 1_500, stock: 5 }));
    expect((await pay(t.app, buyer, [order.id])).code).toBe(0);
    expect((await expectChain(buyer.id)).map((entry) => entry.kind)).toEqual(['adjustment']);
    expect(await balanceOf(buyer.id)).toBe(1_000);
  });

  it('posts several entries of one sign with running balances, and refuses an overdraft whole', async () => {
    const buyer = await shopper(t, 'ledger-chain-post', { balance: 500 });
    const ledger = createLedgerRepository(t.db);
    const post = (entries: Parameters<typeof ledger.post>[2]) =>
      inTransaction(t.db, (tx) => ledger.post(tx, buyer.id, entries));
    expect(
      await post([
        { amount: 200, kind: 'adjustment', reference: null, note: 'a' },
        { amount: 300, kind: 'adjustment', reference: null, note: 'b' },
      ]),
    ).toBe(1_000);
    expect(
      await post([
        { amount: -100, kind: 'adjustment', reference: null, note: 'c' },
        { amount: -50, kind: 'adjustment', reference: null, note: 'd' },
      ]),
    ).toBe(850);
    expect(await post([{ amount: -851, kind: 'adjustment', reference: null, note: 'too much' }])).toBeNull();
    expect((await expectChain(buyer.id)).map((entry) => entry.after)).toEqual([500, 700, 1_000, 900, 850]);
    for (const row of await ledgerInvariant(t)) expect(row).toMatchObject({ ledger: row.balance, negatives: 0 });
  });
});
