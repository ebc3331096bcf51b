import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/**
 * Kinds of balance change. Every change of `users.balance` is one immutable ledger entry written in
 * the same transaction as its business row, so the balance always equals the sum of entries.
 */
export const LEDGER_KINDS = [
  'payment',
  'refund',
  'adjustment',
  'topup',
  'withdrawal',
  'withdrawalRefund',
  'vip',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** `GET /api/user/bill` (fund transactions, `/capitalRecord`). */
export const billQuery = pageQuerySchema.extend({ kind: z.enum(LEDGER_KINDS, 'err.invalidField').optional() });
export type BillQuery = z.infer<typeof billQuery>;

/** One row of the fund transactions. `amount` is signed integer cents (negative = money out). */
export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  amount: number;
  /** Balance right after this entry, integer cents. */
  balanceAfter: number;
  /** What it belongs to, e.g. the order number for a payment or refund. */
  reference: string | null;
  note: string;
  createdAt: string;
}
