import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { SharedState } from '../../lib/shared-state';
import type { OperatorAuth } from '../admin/admin-auth';
import { memoryAttemptCounter } from '../admin/attempt-counter';
import type { Mailer } from '../mail/mailer';
import { createSellerAuth } from './seller-auth';
import { SELLER_LOCK } from './seller-credentials';
import { createSellerStaffService } from './seller-staff.service';
import { sellersAdminRoutes } from './sellers.admin.routes';
import { createListingsRepository } from './listings.repository';
import { listingsRoutes } from './listings.routes';
import { createListingsService } from './listings.service';
import { createSellersRepository } from './sellers.repository';
import { sellersRoutes } from './sellers.routes';
import { createShopProfileRepository } from './shop-profile.repository';
import { shopProfileRoutes, type ShopPictures } from './shop-profile.routes';
import { createSellersService } from './sellers.service';
import { createVariantsCsv } from './variants-csv';

/**
 * The seller centre's server side, made in one factory the composition root calls (docs/decisions/0011-seller-accounts.md): seller accounts made from
 * approved merchant applications, their staff, sessions and every `/api/seller/*` call, each checked for its
 * shop and role. */
export const sellersModule = async (
  app: FastifyInstance,
  deps: {
    db: Db;
    shared: SharedState;
    mailer: Mailer;
    operators: OperatorAuth;
    pictures: ShopPictures;
    platformUrl: string;
    dummyHash: Promise<string>;
    now: () => Date;
  },
) => {
  const { db, shared, now } = deps;
  const repository = createSellersRepository(db);
  const service = createSellersService({
    db,
    repository,
    counter:
      shared.attemptCounter?.(SELLER_LOCK.windowMs) ??
      memoryAttemptCounter(SELLER_LOCK.windowMs, () => now().getTime()),
    brake: shared.brake,
    mailer: deps.mailer,
    platformUrl: deps.platformUrl,
    dummyHash: deps.dummyHash,
    now,
  });
  const auth = createSellerAuth(service);
  app.addHook('onRoute', auth.onRoute);
  await app.register(sellersRoutes, { auth, service, staff: createSellerStaffService({ repository, now }) });
  const shopProfile = createShopProfileRepository(db);
  await app.register(shopProfileRoutes, {
    auth,
    repository: shopProfile,
    pictures: deps.pictures,
    now,
  });
  await app.register(listingsRoutes, {
    auth,
    service: createListingsService({ db, listings: createListingsRepository(db) }),
    pictures: deps.pictures,
    ownerOf: (shopId: number) => shopProfile.applicantOf(shopId),
    csv: createVariantsCsv(db),
  });
  await app.register(sellersAdminRoutes, { operators: deps.operators, service });
  return { routes: auth.routes };
};
