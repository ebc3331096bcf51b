import type { AssistBody, SupportStatus } from '@marketplace/shared/contracts';
import { api, ENDPOINTS_DEFINED_ONCE, withMsg } from './api';

/**
 * Shop support (requirements §8.1; `assistStatus`, `assist`): whether the shopper supported a shop today,
 * and supporting it. Declared once here because two areas offer it: the shop page (catalogue) and
 * the mutual-aid list (account).
 */
const shopSupportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportStatus: build.query<SupportStatus, number>({
      // A read sent as POST: asking again within a second is not a double submit.
      query: (shopId) => ({
        url: '/merchant/assistStatus',
        method: 'POST',
        body: { shopId },
        headers: { repeatSubmit: 'false' },
      }),
      providesTags: (_result, _error, shopId) => [{ type: 'Support', id: shopId }],
    }),
    supportShop: build.mutation<{ data: SupportStatus; msg: string }, AssistBody>({
      query: (body) => ({ url: '/merchant/assist', method: 'POST', body }),
      transformResponse: withMsg<SupportStatus>,
      // The shop's support days are on its page and rank it among hot shops.
      invalidatesTags: (_result, _error, { shopId }) => [
        { type: 'Support', id: shopId },
        { type: 'Shop', id: shopId },
        { type: 'Shop', id: 'LIST' },
      ],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useGetSupportStatusQuery, useLazyGetSupportStatusQuery, useSupportShopMutation } = shopSupportApi;
