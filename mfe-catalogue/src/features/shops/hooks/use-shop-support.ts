import { api, selectToken, toastSuccess, useAppSelector, withMsg } from '@marketplace/shared';
import type { AssistBody, SupportStatus } from '@marketplace/shared/contracts';
import { useLoginFirst } from '../../session/use-login-first';

/** Shop support (spec section 7 `assist`, `assistStatus`) from the shop page. */
const shopSupportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShopSupportStatus: build.query<SupportStatus, number>({
      // A read sent as POST: asking again within a second is not a double submit.
      query: (shopId) => ({
        url: '/merchant/assistStatus',
        method: 'POST',
        body: { shopId },
        headers: { repeatSubmit: 'false' },
      }),
      providesTags: (_result, _error, shopId) => [{ type: 'Support', id: shopId }],
    }),
    supportShopFromPage: build.mutation<{ data: SupportStatus; msg: string }, AssistBody>({
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
  overrideExisting: false,
});

/**
 * Whether the shopper supported the shop today, and `support()`: "Support Successful", or the
 * server's "Support Failed" (already toasted by the base query). A guest is asked to log in first.
 */
export const useShopSupport = (shopId: number | null) => {
  const signedIn = Boolean(useAppSelector(selectToken));
  const loginFirst = useLoginFirst();
  const { data: status } = shopSupportApi.useGetShopSupportStatusQuery(shopId ?? 0, {
    skip: !signedIn || shopId === null,
  });
  const [supportShop, { isLoading }] = shopSupportApi.useSupportShopFromPageMutation();

  const support = async () => {
    if (shopId === null || !loginFirst()) return;
    const result = await supportShop({ shopId });
    if (result.data) toastSuccess(result.data.msg || { key: 'errors:ok.community.support' });
  };

  return { supportedToday: status?.supportedToday ?? false, support, busy: isLoading };
};
