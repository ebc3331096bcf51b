import { createTopUpService } from './top-up.service';
import { createWalletChannels } from './wallet-channels.service';
import { createWalletDecisions } from './wallet-decisions.service';
import type { WalletDeps } from './wallet-deps';
import { createWalletRecords } from './wallet-records';
import { createWithdrawService } from './withdraw.service';

export { DEFAULT_WALLET_CONFIG, type WalletConfig } from './wallet-deps';

/**
 * The wallet, one file per domain: deposit channels (wallet-channels), top-ups (top-up), withdrawals
 * (withdraw), the records (wallet-records) and the operators' decisions (wallet-decisions).
 */
export const createWalletService = (deps: WalletDeps) => ({
  ...createWalletChannels(deps),
  ...createTopUpService(deps),
  ...createWithdrawService(deps),
  ...createWalletRecords(deps),
  ...createWalletDecisions(deps),
});

export type WalletService = ReturnType<typeof createWalletService>;
