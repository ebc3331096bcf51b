import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LedgerKind } from '@marketplace/shared/contracts';
import { cents, createdAt, requiredRef, serialId } from './columns';
import { users } from './users';

/**
 * Every balance change, immutable. Written in the same statement as the `users.balance` update
 * (see `modules/ledger/ledger.repository.ts`), so balance == sum(amount) per user always.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    /** Signed integer cents. */
    amountCents: cents('amount_cents'),
    balanceAfterCents: cents('balance_after_cents'),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /**
     * e.g. `order:12`, `recharge:3`; payments, refunds, top-ups and withdrawal holds/returns of one
     * business row are unique, so none is ever applied twice.
     */
    reference: text('reference'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('ledger_entries_once_per_reference')
      .on(t.kind, t.reference)
      .where(
        sql`${t.kind} IN ('payment', 'refund', 'topup', 'withdrawal', 'withdrawalRefund') AND ${t.reference} IS NOT NULL`,
      ),
    check('ledger_entries_amount_non_zero', sql`${t.amountCents} <> 0`),
    check('ledger_entries_balance_after_non_negative', sql`${t.balanceAfterCents} >= 0`),
  ],
);
