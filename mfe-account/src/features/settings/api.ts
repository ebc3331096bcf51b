import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { BlockchainInfo } from '@marketplace/shared/contracts';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Whether this deployment runs the sandbox card acquirer (told by the wallet's channel list). */
    getSandboxStatus: build.query<boolean, void>({
      query: () => '/user/getBlockchain',
      transformResponse: (info: BlockchainInfo) => info.cardSandbox === true,
      providesTags: ['Wallet'],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useGetSandboxStatusQuery } = settingsApi;
