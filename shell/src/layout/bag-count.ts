import { bagReadApi, selectToken, useAppSelector } from '@marketplace/shared';

/**
 * Lines in the signed-in shopper's bag, from the one cached bag (`getBag`, shared) that the catalogue's bag
 * changes and checkout's 'Bag' invalidation update, so the count follows without a reload.
 * A product in one spec is one line; 0 for a guest.
 */
export const useBagCount = (): number => {
  const signedIn = Boolean(useAppSelector(selectToken));
  const { data } = bagReadApi.useGetBagQuery(undefined, { skip: !signedIn });
  return signedIn && data ? data.shops.reduce((sum, shop) => sum + shop.items.length, 0) : 0;
};
