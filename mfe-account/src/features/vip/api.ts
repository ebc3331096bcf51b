import { api, withMsg, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { VipInfo, VipUpgradeBody, VipUpgradeResult } from '@marketplace/shared/contracts';

const VIP = { type: 'User' as const, id: 'VIP' };

/** The shopper's VIP level, the levels on sale, and buying one from the balance. */
const vipApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVipInfo: build.query<VipInfo, void>({
      query: () => '/user/vip',
      providesTags: [VIP],
    }),
    upgradeVip: build.mutation<{ data: VipUpgradeResult; msg: string }, VipUpgradeBody>({
      query: (body) => ({ url: '/user/vipUpgrade', method: 'POST', body }),
      transformResponse: withMsg<VipUpgradeResult>,
      // The balance and the level on the user info change too.
      invalidatesTags: [VIP, 'User'],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useGetVipInfoQuery, useUpgradeVipMutation } = vipApi;
