import { count, desc, eq, and, sql, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { ledgerEntries, users } from '../../db/schema';
import { rowsOf, type Executor } from './transaction';

export interface EntryDraft {
  /** Signed integer cents, never 0. */
  amount: number;
  kind: LedgerKind;
  reference: string | null;
  note?: string;
}

/**
 * The ledger's writes as SQL fragments: this module is the only place that changes `users.balance` or
 * inserts into `ledger_entries` (one-writer.test.ts fails on any other file that does). `post` below is
 * built from them; a caller that must write the money inside its own single statement takes them too
 * (orders' pay: one statement, no round trips), so the balance-after arithmetic is written once.
 *
 * `delta` is the signed change in cents, an SQL expression the `UPDATE users` can read (a parameter, or a
 * column of its FROM): `set` goes in the SET list, `covered` in the WHERE (the row is left alone rather
 * than go below 0; the row's own WHERE is what PostgreSQL re-checks on the version it writes), and
 * `returning` in RETURNING, for `insertEntries`.
 */
export const balanceChange = (delta: SQL) => ({
  set: sql`balance = users.balance + (${delta}), updated_at = now()`,
  covered: sql`users.balance + (${delta}) >= 0`,
  returning: sql`users.balance AS balance, (${delta}) AS delta`,
});

/**
 * `INSERT INTO ledger_entries` of `entries` (a relation with columns ord, amount, kind, reference, note;
 * signed amounts of one sign that add up to the change) for the shopper whose row `changed` returned
 * (a CTE over an UPDATE with `balanceChange(…).returning`; no row, no entries). Each entry's balance after
 * is the balance before the change plus the running sum of the amounts in `ord` order.
 */
export const insertEntries = (userId: number, changed: SQL, entries: SQL) =>
  sql`INSERT INTO ledger_entries (user_id, amount_cents, balance_after_cents, kind, reference, note)
      SELECT ${userId}::int, e.amount, c.balance - c.delta + sum(e.amount) OVER (ORDER BY e.ord), e.kind, e.reference, e.note
      FROM ${changed} c CROSS JOIN ${entries} e`;

export const createLedgerRepository = (db: Db) => ({
  /**
   * Applies the entries to the balance and records them in ONE statement: the UPDATE locks the user row
   * and refuses to go below 0, the INSERT only sees a row when it succeeded. Returns the new balance, or
   * null when the balance would go negative (nothing written). Call it inside the business transaction.
   */
  async post(executor: Executor, userId: number, entries: EntryDraft[]): Promise<number | null> {
    if (entries.length === 0 || !entries.every((entry) => Math.sign(entry.amount) === Math.sign(entries[0]!.amount))) {
      throw new Error('ledger.post needs entries of one sign');
    }
    const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
    const values = sql.join(
      entries.map(
        (entry, index) =>
          sql`(${index}::int, ${entry.amount}::bigint, ${entry.kind}::text, ${entry.reference}::text, ${entry.note ?? ''}::text)`,
      ),
      sql`, `,
    );
    const change = balanceChange(sql`${total}::bigint`);
    const rows = await rowsOf<{ balance: string | number }>(
      executor,
      sql`WITH u AS (
            UPDATE users SET ${change.set}
            WHERE id = ${userId} AND ${change.covered}
            RETURNING ${change.returning}
          ), e(ord, amount, kind, reference, note) AS (VALUES ${values})
          ${insertEntries(userId, sql`u`, sql`e`)}
          RETURNING balance_after_cents AS balance`,
    );
    if (rows.length === 0) return null;
    // Entries of one call share a sign (checked above), so the last balance is the extreme one.
    const balances = rows.map((row) => Number(row.balance));
    return total < 0 ? Math.min(...balances) : Math.max(...balances);
  },

  async listForUser(userId: number, kind: LedgerKind | undefined, offset: number, limit: number) {
    const where = and(eq(ledgerEntries.userId, userId), kind ? eq(ledgerEntries.kind, kind) : undefined);
    const [rows, totals] = await Promise.all([
      db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.id)).offset(offset).limit(limit),
      db.select({ total: count() }).from(ledgerEntries).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** The shopper's balance; 0 for an unknown id. */
  async balance(userId: number): Promise<number> {
    const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    return row?.balance ?? 0;
  },

  /** The balance after each of the latest `limit` entries, newest first. */
  async history(userId: number, limit: number) {
    return db
      .select({ at: ledgerEntries.createdAt, balance: ledgerEntries.balanceAfterCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  },

  /** Shoppers whose cached balance differs from the sum of their entries (should always be empty). */
  async mismatches(): Promise<{ userId: number; balance: number; ledger: number }[]> {
    const rows = await rowsOf<{ user_id: number; balance: string | number; ledger: string | number }>(
      db,
      sql`SELECT u.id AS user_id, u.balance, coalesce(sum(l.amount_cents), 0) AS ledger
          FROM users u LEFT JOIN ledger_entries l ON l.user_id = u.id
          GROUP BY u.id, u.balance
          HAVING u.balance <> coalesce(sum(l.amount_cents), 0) OR u.balance < 0`,
    );
    return rows.map((row) => ({ userId: row.user_id, balance: Number(row.balance), ledger: Number(row.ledger) }));
  },
});

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
