import { api, withMsg } from '@marketplace/shared';
import type {
  AssistBody,
  Page,
  PageQuery,
  SupportHistoryEntry,
  SupportRecord,
  SupportStatus,
} from '@marketplace/shared/contracts';

// Lists and the status are reads sent as POST (spec section 7): a refresh right after the first load
// repeats the same body, which is not a double submit.
const READ = { repeatSubmit: 'false' };

/** Daily shop support ("mutual aid"): the shops to support, supporting one, and the shopper's history. */
export const mutualAidApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSupportShops: build.query<Page<SupportRecord>, PageQuery>({
      query: (body) => ({ url: '/merchant/assistList', method: 'POST', body, headers: READ }),
    }),
    getSupportStatus: build.query<SupportStatus, number>({
      query: (shopId) => ({ url: '/merchant/assistStatus', method: 'POST', body: { shopId }, headers: READ }),
      providesTags: (_result, _error, shopId) => [{ type: 'Support', id: shopId }],
    }),
    supportShop: build.mutation<{ data: SupportStatus; msg: string }, AssistBody>({
      query: (body) => ({ url: '/merchant/assist', method: 'POST', body }),
      transformResponse: withMsg<SupportStatus>,
      // The shop's support days rank it among hot shops.
      invalidatesTags: (_result, _error, { shopId }) => [
        { type: 'Support', id: shopId },
        { type: 'Shop', id: shopId },
        { type: 'Shop', id: 'LIST' },
      ],
    }),
    listSupportHistory: build.query<Page<SupportHistoryEntry>, PageQuery>({
      query: (body) => ({ url: '/merchant/assistHistory', method: 'POST', body, headers: READ }),
    }),
  }),
  overrideExisting: false,
});

export const {
  useLazyListSupportShopsQuery,
  useLazyGetSupportStatusQuery,
  useSupportShopMutation,
  useLazyListSupportHistoryQuery,
} = mutualAidApi;
