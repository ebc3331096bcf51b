import { UNSUPPORTED_NETWORK_PATTERN, type BlockchainInfo } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import { DEFAULT_DEPOSIT_CHANNELS } from './deposit-channels';
import type { PaymentProvider } from './payment-provider';
import type { ChannelRow, NewChannel, WalletRepository } from './wallet.repository';
import { toChannel } from './wallet-records';

/** Deposit channels: the shopper's list, the operators' management and the wallet's audit trail. */
export const createWalletChannels = ({
  db,
  wallet,
  provider,
}: {
  db: Db;
  wallet: WalletRepository;
  provider: PaymentProvider | undefined;
}) => ({
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
});

/** The enabled channel `id` of `method` that the wallet still supports; the shopper's message otherwise. */
export const usableChannel = async (wallet: WalletRepository, id: number, method: ChannelRow['method']) => {
  const channel = await wallet.findChannel(id);
  if (!channel?.enabled || channel.method !== method) throw fail('err.wallet.chooseNetwork');
  if (UNSUPPORTED_NETWORK_PATTERN.test(channel.name)) throw fail('err.wallet.networkUnsupported');
  return channel;
};
