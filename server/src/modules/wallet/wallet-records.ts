import { randomInt } from 'node:crypto';
import type {
  DepositChannel,
  Page,
  RechargeRecord,
  RecordQuery,
  WithdrawalRecord,
} from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../lib/app-error';
import { offsetOf, pageOf } from '../../lib/paging';
import type { ChannelRow, RechargeRow, WalletRepository, WithdrawalRow } from './wallet.repository';

/** Date plus 10 random digits, like order numbers: readable, and they reveal no volume. */
export const recordNo = (prefix: string, now: Date) =>
  `${prefix}${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(0, 1e10)).padStart(10, '0')}`;

const masked = (digits: string) => (digits ? `•••• ${digits.slice(-4)}` : '');

export const toChannel = (row: ChannelRow): DepositChannel => ({
  id: row.id,
  method: row.method,
  name: row.name,
  address: row.address,
  detail: row.detail,
  minAmount: row.minAmountCents,
});

export const toRechargeRecord = (row: RechargeRow): RechargeRecord => ({
  id: row.id,
  rechargeNo: row.rechargeNo,
  method: row.method,
  network: row.network,
  address: row.payerAddress,
  amount: row.amountCents,
  actualArrival: row.actualArrivalCents,
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

export const toWithdrawalRecord = (row: WithdrawalRow, network = ''): WithdrawalRecord => ({
  id: row.id,
  withdrawalNo: row.withdrawalNo,
  drawType: row.drawType,
  drawAmount: row.drawAmountCents,
  serviceCharge: row.serviceChargeCents,
  actualArrival: row.actualArrivalCents,
  bankName: row.drawType === 'bank' ? row.bankName : network || row.bankName,
  account: row.drawType === 'bank' ? masked(row.bankCardNo) : row.address,
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** A network's address format, when the operator gave one. */
export const matchesNetwork = (channel: ChannelRow, address: string) =>
  !channel.addressPattern || new RegExp(channel.addressPattern).test(address);

/** The top-up and withdrawal records: a shopper's own (`userId`), or every shopper's for operators (null). */
export const createWalletRecords = ({ db, wallet }: { db: Db; wallet: WalletRepository }) => {
  const channelNames = async () => new Map((await wallet.listChannels(false)).map((c) => [c.id, c.name]));
  return {
    async listRecharges(userId: number | null, query: RecordQuery): Promise<Page<RechargeRecord>> {
      const { rows, total } = await wallet.listRecharges(userId, query.status, offsetOf(query), query.pageSize);
      return pageOf(rows.map(toRechargeRecord), total, query);
    },

    async listWithdrawals(userId: number | null, query: RecordQuery): Promise<Page<WithdrawalRecord>> {
      const { rows, total } = await wallet.listWithdrawals(userId, query.status, offsetOf(query), query.pageSize);
      const names = rows.some((row) => row.channelId) ? await channelNames() : new Map<number, string>();
      return pageOf(
        rows.map((row) => toWithdrawalRecord(row, row.channelId ? names.get(row.channelId) : '')),
        total,
        query,
      );
    },

    /** Operators see the full payout account of a withdrawal (shoppers only ever see it masked). */
    async withdrawalForOperator(id: number) {
      const row = await wallet.findWithdrawal(db, id);
      if (!row) throw fail('err.wallet.recordNotFound');
      return { ...toWithdrawalRecord(row), bankCardNo: row.bankCardNo, address: row.address, userId: row.userId };
    },
  };
};
