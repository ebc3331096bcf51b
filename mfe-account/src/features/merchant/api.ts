import { api, withMsg, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { MerchantApplyBody, MerchantApplyResult, MerchantSignup } from '@marketplace/shared/contracts';

/** Merchant sign-up: the application is recorded here, the shop itself is opened on the seller platform. */
const merchantApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMerchantSignup: build.query<MerchantSignup, void>({
      query: () => '/merchant/signup',
    }),
    applyMerchant: build.mutation<{ data: MerchantApplyResult; msg: string }, MerchantApplyBody>({
      query: (body) => ({ url: '/merchant/apply', method: 'POST', body }),
      transformResponse: withMsg<MerchantApplyResult>,
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useGetMerchantSignupQuery, useApplyMerchantMutation } = merchantApi;
