import { randomInt, randomUUID } from 'node:crypto';
import {
  AuditStatus,
  formatMoney,
  serviceChargeFor,
  UNSUPPORTED_NETWORK_PATTERN,
  cardDigits,
  type BlockchainInfo,
  type CardRechargeBody,
  type DepositChannel,
  type EvidenceRechargeBody,
  type Page,
  type RechargeBody,
  type RechargeRecord,
  type RechargeResult,
  type RecordQuery,
  type WithdrawalRecord,
  type WithdrawBody,
  type WithdrawInfo,
  type WithdrawResult,
} from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../lib/app-error';
import { offsetOf, pageOf } from '../../lib/paging';
import type { LedgerRepository } from '../ledger/ledger.repository';
import { inTransaction } from '../ledger/transaction';
import type { UploadsRepository } from '../uploads/uploads.repository';
import type { UserRow } from '../user/user.repository';
import type { UserService } from '../user/user.service';
import { DEFAULT_DEPOSIT_CHANNELS } from './deposit-channels';
import type { Notifier } from '../support/notifier';
import type { PaymentProvider } from './payment-provider';
import type { ChannelRow, NewChannel, RechargeRow, WalletRepository, WithdrawalRow } from './wallet.repository';

export interface WalletConfig {
  /** Withdrawal service charge, basis points (100 = 1 %). */
  serviceChargeBp: number;
  /** Smallest withdrawal, integer cents. */
  minWithdrawCents: number;
  /**
   * The sandbox card acquirer (credits without moving money), `CARD_SANDBOX`: true on (a warning at every
   * start), false off, unset = on only on the embedded database. See `chooseCardProvider`.
   */
  cardSandbox?: boolean;
  /** A real card acquirer; when set, card top-ups go through it whatever `cardSandbox` says. */
  cardProvider?: PaymentProvider;
}

export const DEFAULT_WALLET_CONFIG: WalletConfig = { serviceChargeBp: 100, minWithdrawCents: 100 };

interface Deps {
  db: Db;
  wallet: WalletRepository;
  ledger: LedgerRepository;
  uploads: UploadsRepository;
  users: Pick<UserService, 'verifyPaymentCode'>;
  /** None: card top-ups are refused (no acquirer configured and no sandbox here). */
  provider: PaymentProvider | undefined;
  config: WalletConfig;
  now: () => Date;
  /** Tells the shopper each decision (in the same transaction). */
  notifier?: Notifier;
}

/** Date plus 10 random digits, like order numbers: readable, and they reveal no volume. */
const recordNo = (prefix: string, now: Date) =>
  `${prefix}${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(randomInt(0, 1e10)).padStart(10, '0')}`;

const masked = (digits: string) => (digits ? `•••• ${digits.slice(-4)}` : '');

const toChannel = (row: ChannelRow): DepositChannel => ({
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
const matchesNetwork = (channel: ChannelRow, address: string) =>
  !channel.addressPattern || new RegExp(channel.addressPattern).test(address);

export const createWalletService = ({ db, wallet, ledger, uploads, users, provider, config, now, notifier }: Deps) => {
  const usableChannel = async (id: number, method: ChannelRow['method']) => {
    const channel = await wallet.findChannel(id);
    if (!channel?.enabled || channel.method !== method) throw fail('err.wallet.chooseNetwork');
    if (UNSUPPORTED_NETWORK_PATTERN.test(channel.name)) throw fail('err.wallet.networkUnsupported');
    return channel;
  };

  const balanceOf = async (userId: number) => (await ledger.balance(userId)) ?? 0;

  const evidenceRecharge = async (user: UserRow, body: EvidenceRechargeBody): Promise<RechargeResult> => {
    const channel = await usableChannel(body.network, body.method);
    if (body.method === 'onChain' && !matchesNetwork(channel, body.address)) {
      throw fail('err.wallet.addressMismatch', { network: channel.name });
    }
    if (body.amount < channel.minAmountCents) {
      throw fail('err.wallet.belowMinimum', { amount: formatMoney(channel.minAmountCents) });
    }
    if ((await uploads.countOwned(db, user.id, [body.evidence])) !== 1) throw fail('err.wallet.uploadEvidence');
    const created = await wallet.insertRecharge(db, {
      rechargeNo: recordNo('R', now()),
      userId: user.id,
      method: body.method,
      channelId: channel.id,
      network: channel.name,
      depositAddress: channel.address,
      payerAddress: body.address,
      amountCents: body.amount,
      actualArrivalCents: body.amount,
      evidenceId: body.evidence,
      requestId: body.requestId ?? null,
    });
    const record =
      created ?? (body.requestId ? await wallet.findRechargeByRequest(user.id, body.requestId) : undefined);
    if (!record) throw fail('err.server');
    return { record: toRechargeRecord(record), balance: await balanceOf(user.id) };
  };

  /**
   * The acquirer's idempotency key: the request id and what was charged (card's last four, expiry, amount;
   * never the full number). A submit repeated as it was (double tap, lost answer) meets the acquirer's
   * remembered outcome; a client that kept the request id of a declined attempt and sends another card or
   * amount makes a new attempt, not a replay of the decline. A success is never charged twice whatever the
   * key: the request id finds its recharge first.
   */
  const attemptKey = (userId: number, requestId: string, body: CardRechargeBody) =>
    [userId, requestId, cardDigits(body.cardNumber).slice(-4), body.expiryMonth, body.expiryYear, body.amount].join(
      ':',
    );

  const cardRecharge = async (user: UserRow, body: CardRechargeBody): Promise<RechargeResult> => {
    if (!provider) throw fail('err.wallet.cardUnavailable');
    const requestId = body.requestId ?? randomUUID();
    const earlier = await wallet.findRechargeByRequest(user.id, requestId);
    if (earlier) return { record: toRechargeRecord(earlier), balance: await balanceOf(user.id) };
    const today = now();
    const expiresAfter = body.expiryYear * 12 + body.expiryMonth;
    if (expiresAfter < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) throw fail('err.wallet.cardExpired');
    const charged = await provider.charge({
      amountCents: body.amount,
      cardNumber: cardDigits(body.cardNumber),
      expiryMonth: body.expiryMonth,
      expiryYear: body.expiryYear,
      cvc: body.cvc,
      idempotencyKey: attemptKey(user.id, requestId, body),
    });
    if (!charged.ok) {
      throw fail(charged.reason === 'expired' ? 'err.wallet.cardExpired' : `err.wallet.${charged.reason}`);
    }
    // The record and its ledger credit are one transaction: a retry finds the record and credits nothing more.
    const result = await inTransaction(db, async (tx) => {
      const created = await wallet.insertRecharge(tx, {
        rechargeNo: recordNo('R', today),
        userId: user.id,
        method: 'card',
        network: charged.brand,
        payerAddress: `${charged.brand} •••• ${charged.last4}`,
        amountCents: body.amount,
        actualArrivalCents: body.amount,
        cardBrand: charged.brand,
        cardLast4: charged.last4,
        providerRef: `${provider.name}:${charged.reference}`,
        requestId,
        status: AuditStatus.PASSED,
        decidedAt: today,
      });
      if (!created) return undefined;
      const balance = await ledger.post(tx, user.id, [
        { amount: body.amount, kind: 'topup', reference: `recharge:${created.id}`, note: created.rechargeNo },
      ]);
      if (balance === null) throw fail('err.server');
      return { record: toRechargeRecord(created), balance };
    });
    if (result) return result;
    const raced = await wallet.findRechargeByRequest(user.id, requestId);
    if (!raced) throw fail('err.server');
    return { record: toRechargeRecord(raced), balance: await balanceOf(user.id) };
  };

  const channelNames = async () => new Map((await wallet.listChannels(false)).map((c) => [c.id, c.name]));

  return {
    /** Seeds test channels into an empty table (first start); operators manage them afterwards. */
    async ensureChannels(): Promise<void> {
      if ((await wallet.countChannels()) > 0) return;
      await wallet.insertChannels(db, DEFAULT_DEPOSIT_CHANNELS);
    },

    async blockchain(): Promise<BlockchainInfo> {
      const rows = await wallet.listChannels(true);
      return {
        channels: rows.filter((row) => !UNSUPPORTED_NETWORK_PATTERN.test(row.name)).map(toChannel),
        cardSandbox: provider?.name === 'sandbox',
      };
    },

    async withdrawInfo(user: UserRow): Promise<WithdrawInfo> {
      const rows = await wallet.listChannels(true);
      return {
        balance: user.balance,
        serviceChargeBp: config.serviceChargeBp,
        minAmount: config.minWithdrawCents,
        networks: rows
          .filter((row) => row.method === 'onChain' && row.withdrawable)
          .map((row) => ({ id: row.id, name: row.name })),
      };
    },

    recharge(user: UserRow, body: RechargeBody): Promise<RechargeResult> {
      return body.method === 'card' ? cardRecharge(user, body) : evidenceRecharge(user, body);
    },

    /**
     * Holds the draw amount at once (a `withdrawal` ledger entry in the same transaction as the
     * request); the service charge comes out of it, the rest arrives. The payment code is checked
     * with the same counter and lock as paying.
     */
    async withdraw(user: UserRow, body: WithdrawBody): Promise<WithdrawResult> {
      if (body.requestId) {
        const earlier = await wallet.findWithdrawalByRequest(user.id, body.requestId);
        if (earlier) return { record: toWithdrawalRecord(earlier), balance: await balanceOf(user.id) };
      }
      const serviceCharge = serviceChargeFor(body.drawAmount, config.serviceChargeBp);
      const actualArrival = body.drawAmount - serviceCharge;
      if (actualArrival <= 0 || body.drawAmount < config.minWithdrawCents) {
        throw fail('err.wallet.belowCharge', { amount: formatMoney(config.minWithdrawCents) });
      }
      if (body.drawAmount > user.balance) throw fail('err.wallet.overBalance');
      let channel: ChannelRow | undefined;
      if (body.drawType === 'onChain') {
        channel = await usableChannel(body.network ?? 0, 'onChain');
        if (!channel.withdrawable) throw fail('err.wallet.chooseNetwork');
        if (!matchesNetwork(channel, body.address ?? '')) {
          throw fail('err.wallet.addressMismatch', { network: channel.name });
        }
      }
      await users.verifyPaymentCode(user, body.paymentCode);
      const result = await inTransaction(db, async (tx) => {
        const created = await wallet.insertWithdrawal(tx, {
          withdrawalNo: recordNo('W', now()),
          userId: user.id,
          drawType: body.drawType,
          drawAmountCents: body.drawAmount,
          serviceChargeCents: serviceCharge,
          actualArrivalCents: actualArrival,
          bankCardNo: body.drawType === 'bank' ? cardDigits(body.bankCardNo ?? '') : '',
          bankName: body.drawType === 'bank' ? (body.bankName ?? '') : (channel?.name ?? ''),
          channelId: channel?.id ?? null,
          address: body.drawType === 'onChain' ? (body.address ?? '') : '',
          requestId: body.requestId ?? null,
        });
        if (!created) return undefined;
        const balance = await ledger.post(tx, user.id, [
          {
            amount: -body.drawAmount,
            kind: 'withdrawal',
            reference: `withdrawal:${created.id}`,
            note: created.withdrawalNo,
          },
        ]);
        if (balance === null) throw fail('err.wallet.overBalance');
        return { record: toWithdrawalRecord(created), balance };
      });
      if (result) return result;
      const raced = body.requestId ? await wallet.findWithdrawalByRequest(user.id, body.requestId) : undefined;
      if (!raced) throw fail('err.server');
      return { record: toWithdrawalRecord(raced), balance: await balanceOf(user.id) };
    },

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

    /** Operator: approve (credit through the ledger) or refuse an auditing top-up, exactly once. */
    async decideRecharge(id: number, agree: boolean, reason: string): Promise<RechargeRecord> {
      if (!agree && !reason.trim()) throw fail('err.wallet.refuseReason');
      return inTransaction(db, async (tx) => {
        const row = await wallet.decideRecharge(
          tx,
          id,
          agree ? AuditStatus.PASSED : AuditStatus.REFUSED,
          reason.trim(),
          now(),
        );
        if (!row) {
          if (!(await wallet.findRecharge(tx, id))) throw fail('err.wallet.recordNotFound');
          throw fail('err.wallet.notPending');
        }
        if (agree) {
          const balance = await ledger.post(tx, row.userId, [
            { amount: row.actualArrivalCents, kind: 'topup', reference: `recharge:${row.id}`, note: row.rechargeNo },
          ]);
          if (balance === null) throw fail('err.server');
        }
        await notifier?.notify(
          tx,
          row.userId,
          agree ? 'topUpApproved' : 'topUpRefused',
          { amount: row.amountCents },
          '/topUpRecord',
        );
        await wallet.audit(tx, {
          action: agree ? 'recharge.approve' : 'recharge.refuse',
          targetType: 'recharge',
          targetId: String(row.id),
          detail: JSON.stringify({ rechargeNo: row.rechargeNo, userId: row.userId, amount: row.amountCents, reason }),
        });
        return toRechargeRecord(row);
      });
    },

    /** Operator: approve (paid out) or refuse (held amount back in full through the ledger), exactly once. */
    async decideWithdrawal(id: number, agree: boolean, reason: string): Promise<WithdrawalRecord> {
      if (!agree && !reason.trim()) throw fail('err.wallet.refuseReason');
      return inTransaction(db, async (tx) => {
        const row = await wallet.decideWithdrawal(
          tx,
          id,
          agree ? AuditStatus.PASSED : AuditStatus.REFUSED,
          reason.trim(),
          now(),
        );
        if (!row) {
          if (!(await wallet.findWithdrawal(tx, id))) throw fail('err.wallet.recordNotFound');
          throw fail('err.wallet.notPending');
        }
        if (!agree) {
          const balance = await ledger.post(tx, row.userId, [
            {
              amount: row.drawAmountCents,
              kind: 'withdrawalRefund',
              reference: `withdrawal:${row.id}`,
              note: row.withdrawalNo,
            },
          ]);
          if (balance === null) throw fail('err.server');
        }
        await notifier?.notify(
          tx,
          row.userId,
          agree ? 'withdrawalPaid' : 'withdrawalRefused',
          { amount: row.drawAmountCents },
          '/depositRecord',
        );
        await wallet.audit(tx, {
          action: agree ? 'withdrawal.pay' : 'withdrawal.refuse',
          targetType: 'withdrawal',
          targetId: String(row.id),
          detail: JSON.stringify({
            withdrawalNo: row.withdrawalNo,
            userId: row.userId,
            amount: row.drawAmountCents,
            reason,
          }),
        });
        return toWithdrawalRecord(row);
      });
    },

    /** Operators see the full payout account of a withdrawal (shoppers only ever see it masked). */
    async withdrawalForOperator(id: number) {
      const row = await wallet.findWithdrawal(db, id);
      if (!row) throw fail('err.wallet.recordNotFound');
      return { ...toWithdrawalRecord(row), bankCardNo: row.bankCardNo, address: row.address, userId: row.userId };
    },

    listChannels: () => wallet.listChannels(false),

    async addChannel(channel: NewChannel): Promise<ChannelRow> {
      if (UNSUPPORTED_NETWORK_PATTERN.test(channel.name)) throw fail('err.wallet.networkUnsupported');
      return inTransaction(db, async (tx) => {
        const [row] = await wallet.insertChannels(tx, [channel]);
        if (!row) throw fail('err.server');
        await wallet.audit(tx, {
          action: 'channel.add',
          targetType: 'channel',
          targetId: String(row.id),
          detail: JSON.stringify(channel),
        });
        return row;
      });
    },

    async setChannelEnabled(id: number, enabled: boolean): Promise<ChannelRow> {
      return inTransaction(db, async (tx) => {
        const row = await wallet.updateChannel(tx, id, { enabled });
        if (!row) throw fail('err.wallet.chooseNetwork');
        await wallet.audit(tx, {
          action: enabled ? 'channel.enable' : 'channel.disable',
          targetType: 'channel',
          targetId: String(id),
          detail: '',
        });
        return row;
      });
    },

    listAudit: (limit: number) => wallet.listAudit(limit),
  };
};

export type WalletService = ReturnType<typeof createWalletService>;
