import type { FastifyInstance } from 'fastify';
import { DEFAULT_COMMUNITY_CONFIG, type AppConfig } from '../../config/config';
import type { Db } from '../../db/client';
import type { OperatorAuth } from '../admin/admin-auth';
import { createLedgerRepository } from '../ledger/ledger.repository';
import { createNotifier } from '../support/notifier';
import type { PaymentCodeCheck } from '../payment-code/payment-code.service';
import { communityAdminRoutes } from './community.admin.routes';
import { createCommunityRepository } from './community.repository';
import { communityRoutes } from './community.routes';
import { createCommunityService } from './community.service';

/** Wires shop support, complaints, merchant sign-up and VIP with their operator API (one line in app.ts). */
export const registerCommunity = async (
  app: FastifyInstance,
  {
    db,
    config,
    paymentCodes,
    operators,
  }: { db: Db; config: AppConfig; paymentCodes: PaymentCodeCheck; operators: OperatorAuth },
) => {
  const service = createCommunityService({
    db,
    community: createCommunityRepository(db),
    ledger: createLedgerRepository(db),
    paymentCodes,
    notifier: createNotifier(db),
    config: config.community ?? DEFAULT_COMMUNITY_CONFIG,
    now: config.now,
  });
  await service.ensureVipLevels();
  await app.register(communityRoutes, { service });
  await app.register(communityAdminRoutes, { operators, service });
};
