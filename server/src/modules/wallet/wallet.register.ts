import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { OperatorAuth } from '../admin/admin-auth';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { UploadsRepository } from '../uploads/uploads.repository';
import type { PaymentCodeCheck } from '../payment-code/payment-code.service';
import type { Notifier } from '../support/notifier';
import { chooseCardProvider, type PaymentProvider } from './payment-provider';
import { walletAdminRoutes } from './wallet.admin.routes';
import { createWalletRepository } from './wallet.repository';
import { walletRoutes } from './wallet.routes';
import { createWalletService, DEFAULT_WALLET_CONFIG, type WalletConfig } from './wallet.service';

interface Deps {
  db: Db;
  operators: OperatorAuth;
  ledger: LedgerRepository;
  uploads: UploadsRepository;
  paymentCodes: PaymentCodeCheck;
  config?: WalletConfig;
  /** A card acquirer (wins over `config.cardProvider` and the sandbox). */
  provider?: PaymentProvider;
  notifier?: Notifier;
  now: () => Date;
}

/** Wires the wallet (top-up, withdraw, records) and its operator API. */
export const registerWallet = async (app: FastifyInstance, deps: Deps) => {
  const config = deps.config ?? DEFAULT_WALLET_CONFIG;
  const provider = chooseCardProvider({
    provider: deps.provider ?? config.cardProvider,
    sandbox: config.cardSandbox,
    databaseKind: app.database.kind,
    log: app.log,
  });
  const service = createWalletService({
    db: deps.db,
    wallet: createWalletRepository(deps.db),
    ledger: deps.ledger,
    uploads: deps.uploads,
    paymentCodes: deps.paymentCodes,
    provider,
    config,
    now: deps.now,
    notifier: deps.notifier,
  });
  await service.ensureChannels();
  await app.register(walletRoutes, { service });
  await app.register(walletAdminRoutes, { operators: deps.operators, service });
};
