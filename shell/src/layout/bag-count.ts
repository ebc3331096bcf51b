import { api, selectToken, useAppSelector } from '@marketplace/shared';
import type { Bag } from '@marketplace/shared/contracts';

/**
 * The catalogue remote injects the same `getBag` (mfe-catalogue/src/features/bag/api.ts);
 * `overrideExisting: false` keeps whichever came first and both are identical, so the tab bar and the
 * bag read one cached bag: every bag change the catalogue makes (it writes the answered bag into
 * that cache) and checkout's 'Bag' invalidation update the count without a reload.
 */
const bagCountApi = api.injectEndpoints({
  overrideExisting: false,
  endpoints: (build) => ({
    getBag: build.query<Bag, void>({
      query: () => ({ url: '/bag' }),
      providesTags: [{ type: 'Bag', id: 'LIST' }],
    }),
  }),
});

/** Lines in the signed-in shopper's bag (a product in one spec is one line); 0 for a guest. */
export const useBagCount = (): number => {
  const signedIn = Boolean(useAppSelector(selectToken));
  const { data } = bagCountApi.useGetBagQuery(undefined, { skip: !signedIn });
  return signedIn && data ? data.shops.reduce((sum, shop) => sum + shop.items.length, 0) : 0;
};
