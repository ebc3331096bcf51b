import { randomUUID } from 'node:crypto';
import {
  AuditStatus,
  cardDigits,
  formatMoney,
  type CardRechargeBody,
  type EvidenceRechargeBody,
  type RechargeBody,
  type RechargeResult,
} from '@marketplace/shared/contracts';
import { inTransaction } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import type { UserRow } from '../user/user.repository';
import { usableChannel } from './wallet-channels.service';
import type { WalletDeps } from './wallet-deps';
import { matchesNetwork, recordNo, toRechargeRecord } from './wallet-records';

/** Top-ups: with evidence (on chain or by bank, audited by an operator) or by card (credited at once). */
export const createTopUpService = ({
  db,
  wallet,
  ledger,
  uploads,
  provider,
  now,
}: Pick<WalletDeps, 'db' | 'wallet' | 'ledger' | 'uploads' | 'provider' | 'now'>) => {
  const evidenceRecharge = async (user: UserRow, body: EvidenceRechargeBody): Promise<RechargeResult> => {
    const channel = await usableChannel(wallet, body.network, body.method);
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
    return { record: toRechargeRecord(record), balance: await ledger.balance(user.id) };
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
    if (earlier) return { record: toRechargeRecord(earlier), balance: await ledger.balance(user.id) };
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
    return { record: toRechargeRecord(raced), balance: await ledger.balance(user.id) };
  };

  return {
    recharge(user: UserRow, body: RechargeBody): Promise<RechargeResult> {
      return body.method === 'card' ? cardRecharge(user, body) : evidenceRecharge(user, body);
    },
  };
};
