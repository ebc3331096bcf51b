import type { BalancePoint, BillQuery, LedgerEntry, Page } from '@marketplace/shared/contracts';

import { fail } from '../../lib/app-error';
import type { Db } from '../../db/client';
import type { LedgerRepository } from './ledger.repository';
import { inTransaction } from './transaction';
import { recordDecision } from '../operators/operators.repository';

const BALANCE_HISTORY_POINTS = 200;

type EntryRow = Awaited<ReturnType<LedgerRepository['listForUser']>>['rows'][number];

const toEntry = (row: EntryRow): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  amount: row.amountCents,
  balanceAfter: row.balanceAfterCents,
  reference: row.reference,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

export const createLedgerService = ({ db, ledger }: { db: Db; ledger: LedgerRepository }) => ({
  async listBill(userId: number, query: BillQuery): Promise<Page<LedgerEntry>> {
    const { rows, total } = await ledger.listForUser(
      userId,
      query.kind,
      (query.page - 1) * query.pageSize,
      query.pageSize,
    );
    return { list: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize };
  },

  /** Balance after each of the latest entries, oldest first: the fund-record chart. */
  async balanceHistory(userId: number): Promise<BalancePoint[]> {
    const rows = await ledger.history(userId, BALANCE_HISTORY_POINTS);
    return rows.reverse().map((row) => ({ at: row.at.toISOString(), balance: row.balance }));
  },

  /** Operator credit (+) or debit (−) with a reason: an `adjustment` entry. A debit never overdraws. */
  async adjust(userId: number, amount: number, reason: string): Promise<{ balance: number }> {
    const balance = await inTransaction(db, async (tx) => {
      const after = await ledger.post(tx, userId, [{ amount, kind: 'adjustment', reference: null, note: reason }]);
      // Who adjusted (docs/decisions/0002-operator-accounts.md): the operator call's actor is recorded with the row.
      if (after !== null) {
        await recordDecision(tx, {
          action: 'balance.adjust',
          targetType: 'user',
          targetId: String(userId),
          detail: JSON.stringify({ amount, reason }),
        });
      }
      return after;
    });
    if (balance === null) throw fail('err.order.insufficientBalance');
    return { balance };
  },

  mismatches: () => ledger.mismatches(),
});

export type LedgerService = ReturnType<typeof createLedgerService>;
