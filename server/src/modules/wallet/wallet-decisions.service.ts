import {
  AuditStatus,
  type NoticeKind,
  type RechargeRecord,
  type WithdrawalRecord,
} from '@marketplace/shared/contracts';
import { inTransaction, type Executor } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import type { EntryDraft } from '../ledger/ledger.repository';
import type { Notifier } from '../support/notifier';
import type { WalletDeps } from './wallet-deps';
import type { RechargeRow, WalletRepository, WithdrawalRow } from './wallet.repository';
import { toRechargeRecord, toWithdrawalRecord } from './wallet-records';

/** What an operator's decision does to one kind of request; `decide` runs it the same way for each. */
interface DecisionKind<Row extends { id: number; userId: number }, Result> {
  /** Moves an auditing request to its decision; undefined when it was not auditing. */
  decideRow: (tx: Executor, id: number, status: AuditStatus, reason: string, now: Date) => Promise<Row | undefined>;
  find: (tx: Executor, id: number) => Promise<Row | undefined>;
  /** The ledger entry the decision posts, if any (a top-up approved, a withdrawal refused). */
  entry: (row: Row, agree: boolean) => EntryDraft | undefined;
  notice: (agree: boolean) => NoticeKind;
  noticeAmount: (row: Row) => number;
  link: string;
  action: (agree: boolean) => string;
  targetType: string;
  detail: (row: Row, reason: string) => Record<string, unknown>;
  toRecord: (row: Row) => Result;
}

const kinds = (wallet: WalletRepository) => ({
  recharge: {
    decideRow: wallet.decideRecharge,
    find: wallet.findRecharge,
    entry: (row, agree) =>
      agree
        ? { amount: row.actualArrivalCents, kind: 'topup', reference: `recharge:${row.id}`, note: row.rechargeNo }
        : undefined,
    notice: (agree) => (agree ? 'topUpApproved' : 'topUpRefused'),
    noticeAmount: (row) => row.amountCents,
    link: '/topUpRecord',
    action: (agree) => (agree ? 'recharge.approve' : 'recharge.refuse'),
    targetType: 'recharge',
    detail: (row, reason) => ({ rechargeNo: row.rechargeNo, userId: row.userId, amount: row.amountCents, reason }),
    toRecord: toRechargeRecord,
  } satisfies DecisionKind<RechargeRow, RechargeRecord>,
  withdrawal: {
    decideRow: wallet.decideWithdrawal,
    find: wallet.findWithdrawal,
    entry: (row, agree) =>
      agree
        ? undefined
        : {
            amount: row.drawAmountCents,
            kind: 'withdrawalRefund',
            reference: `withdrawal:${row.id}`,
            note: row.withdrawalNo,
          },
    notice: (agree) => (agree ? 'withdrawalPaid' : 'withdrawalRefused'),
    noticeAmount: (row) => row.drawAmountCents,
    link: '/depositRecord',
    action: (agree) => (agree ? 'withdrawal.pay' : 'withdrawal.refuse'),
    targetType: 'withdrawal',
    detail: (row, reason) => ({
      withdrawalNo: row.withdrawalNo,
      userId: row.userId,
      amount: row.drawAmountCents,
      reason,
    }),
    toRecord: (row) => toWithdrawalRecord(row),
  } satisfies DecisionKind<WithdrawalRow, WithdrawalRecord>,
});

/**
 * Operators' decisions on the requests they audit, exactly once: a top-up approved is credited through the
 * ledger, a withdrawal refused gets its held amount back in full; the shopper is told and the decision
 * audited, all in one transaction.
 */
export const createWalletDecisions = ({
  db,
  wallet,
  ledger,
  now,
  notifier,
}: Pick<WalletDeps, 'db' | 'wallet' | 'ledger' | 'now'> & { notifier?: Notifier }) => {
  const of = kinds(wallet);

  const decide = async <Row extends { id: number; userId: number }, Result>(
    kind: DecisionKind<Row, Result>,
    id: number,
    agree: boolean,
    reason: string,
  ): Promise<Result> => {
    if (!agree && !reason.trim()) throw fail('err.wallet.refuseReason');
    return inTransaction(db, async (tx) => {
      const row = await kind.decideRow(tx, id, agree ? AuditStatus.PASSED : AuditStatus.REFUSED, reason.trim(), now());
      if (!row) {
        if (!(await kind.find(tx, id))) throw fail('err.wallet.recordNotFound');
        throw fail('err.wallet.notPending');
      }
      const entry = kind.entry(row, agree);
      if (entry && (await ledger.post(tx, row.userId, [entry])) === null) throw fail('err.server');
      await notifier?.notify(tx, row.userId, kind.notice(agree), { amount: kind.noticeAmount(row) }, kind.link);
      await wallet.audit(tx, {
        action: kind.action(agree),
        targetType: kind.targetType,
        targetId: String(row.id),
        detail: JSON.stringify(kind.detail(row, reason)),
      });
      return kind.toRecord(row);
    });
  };

  return {
    /** Operator: approve (credit through the ledger) or refuse an auditing top-up, exactly once. */
    decideRecharge: (id: number, agree: boolean, reason: string) => decide(of.recharge, id, agree, reason),
    /** Operator: approve (paid out) or refuse (held amount back in full through the ledger), exactly once. */
    decideWithdrawal: (id: number, agree: boolean, reason: string) => decide(of.withdrawal, id, agree, reason),
  };
};
