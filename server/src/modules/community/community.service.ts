import type { CommunityDeps } from './community-deps';
import { createComplaintsService } from './complaints.service';
import { createMerchantsService } from './merchants.service';
import { createShopSupportService } from './shop-support.service';
import { createVipService } from './vip.service';

export { DEFAULT_VIP_LEVELS } from './vip.service';

/** The community, one file per domain: shop support, complaints, merchant sign-up and VIP levels. */
export const createCommunityService = (deps: CommunityDeps) => ({
  ...createShopSupportService(deps),
  ...createComplaintsService(deps),
  ...createMerchantsService(deps),
  ...createVipService(deps),
});

export type CommunityService = ReturnType<typeof createCommunityService>;
