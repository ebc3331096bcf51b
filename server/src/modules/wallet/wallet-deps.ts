import type { Db } from '../../db/client';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { PaymentCodeCheck } from '../payment-code/payment-code.service';
import type { Notifier } from '../support/notifier';
import type { UploadsRepository } from '../uploads/uploads.repository';
import type { PaymentProvider } from './payment-provider';
import type { WalletRepository } from './wallet.repository';

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

/** What the wallet's services are made of (each takes the part it needs). */
export interface WalletDeps {
  db: Db;
  wallet: WalletRepository;
  ledger: LedgerRepository;
  uploads: UploadsRepository;
  /** The payment-code guard (shared counter and lock with paying). */
  paymentCodes: PaymentCodeCheck;
  /** None: card top-ups are refused (no acquirer configured and no sandbox here). */
  provider: PaymentProvider | undefined;
  config: WalletConfig;
  now: () => Date;
  /** Tells the shopper each decision (in the same transaction). */
  notifier?: Notifier;
}
