import type { CommunityConfig } from '../../config/config';
import type { Db } from '../../db/client';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { PaymentCodeCheck } from '../payment-code/payment-code.service';
import type { Notifier } from '../support/notifier';
import type { CommunityRepository } from './community.repository';

/** What the community's services are made of (each takes the part it needs). */
export interface CommunityDeps {
  db: Db;
  community: CommunityRepository;
  ledger: LedgerRepository;
  paymentCodes: PaymentCodeCheck;
  notifier: Notifier;
  config: CommunityConfig;
  now: () => Date;
}
