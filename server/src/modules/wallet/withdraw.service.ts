import {
  cardDigits,
  formatMoney,
  serviceChargeFor,
  type WithdrawBody,
  type WithdrawInfo,
  type WithdrawResult,
} from '@marketplace/shared/contracts';
import { inTransaction } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import type { UserRow } from '../user/user.repository';
import { usableChannel } from './wallet-channels.service';
import type { WalletDeps } from './wallet-deps';
import type { ChannelRow } from './wallet.repository';
import { matchesNetwork, recordNo, toWithdrawalRecord } from './wallet-records';

/** The shopper's withdrawals: what may be drawn, and the request that holds the amount at once. */
export const createWithdrawService = ({
  db,
  wallet,
  ledger,
  paymentCodes,
  config,
  now,
}: Pick<WalletDeps, 'db' | 'wallet' | 'ledger' | 'paymentCodes' | 'config' | 'now'>) => {
  return {
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

    /**
     * Holds the draw amount at once (a `withdrawal` ledger entry in the same transaction as the
     * request); the service charge comes out of it, the rest arrives. The payment code is checked
     * with the same counter and lock as paying.
     */
    async withdraw(user: UserRow, body: WithdrawBody): Promise<WithdrawResult> {
      if (body.requestId) {
        const earlier = await wallet.findWithdrawalByRequest(user.id, body.requestId);
        if (earlier) return { record: toWithdrawalRecord(earlier), balance: await ledger.balance(user.id) };
      }
      const serviceCharge = serviceChargeFor(body.drawAmount, config.serviceChargeBp);
      const actualArrival = body.drawAmount - serviceCharge;
      if (actualArrival <= 0 || body.drawAmount < config.minWithdrawCents) {
        throw fail('err.wallet.belowCharge', { amount: formatMoney(config.minWithdrawCents) });
      }
      if (body.drawAmount > user.balance) throw fail('err.wallet.overBalance');
      let channel: ChannelRow | undefined;
      if (body.drawType === 'onChain') {
        channel = await usableChannel(wallet, body.network ?? 0, 'onChain');
        if (!channel.withdrawable) throw fail('err.wallet.chooseNetwork');
        if (!matchesNetwork(channel, body.address ?? '')) {
          throw fail('err.wallet.addressMismatch', { network: channel.name });
        }
      }
      await paymentCodes.verifyPaymentCode(user, body.paymentCode);
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
      return { record: toWithdrawalRecord(raced), balance: await ledger.balance(user.id) };
    },
  };
};
