import { bagReadApi, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { Bag } from '@marketplace/shared/contracts';

interface AddBagItemArgs {
  productId: number;
  spec: Record<string, string>;
  quantity: number;
}

/** Which lines a select call covers: some items, one shop's group, or the whole bag. */
type BagSelection = { selected: boolean } & ({ itemIds: number[] } | { shopId: number } | { all: true });

/** The bag's changes on top of `getBag` (shared, since the shell's tab bar counts the bag too). */
const bagApi = bagReadApi.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => {
    // Every bag call answers with the whole new bag, which replaces the cached one.
    const replacesBag = async (_args: unknown, { dispatch, queryFulfilled }: BagLifecycle) => {
      try {
        const { data } = await queryFulfilled;
        dispatch(bagApi.util.upsertQueryData('getBag', undefined, data));
      } catch {
        // The base query has already told the shopper why.
      }
    };
    return {
      addBagItem: build.mutation<Bag, AddBagItemArgs>({
        query: (body) => ({ url: '/bag/add', method: 'POST', body }),
        onQueryStarted: replacesBag,
      }),
      updateBagItem: build.mutation<Bag, { itemId: number; quantity: number }>({
        query: (body) => ({ url: '/bag/update', method: 'POST', body }),
        onQueryStarted: replacesBag,
      }),
      removeBagItems: build.mutation<Bag, number[]>({
        query: (itemIds) => ({ url: '/bag/remove', method: 'POST', body: { itemIds } }),
        onQueryStarted: replacesBag,
      }),
      selectBagItems: build.mutation<Bag, BagSelection>({
        query: (body) => ({ url: '/bag/select', method: 'POST', body }),
        onQueryStarted: replacesBag,
      }),
    };
  },
});

interface BagLifecycle {
  dispatch: (action: unknown) => unknown;
  queryFulfilled: Promise<{ data: Bag }>;
}

export const {
  useGetBagQuery,
  useAddBagItemMutation,
  useUpdateBagItemMutation,
  useRemoveBagItemsMutation,
  useSelectBagItemsMutation,
} = bagApi;
