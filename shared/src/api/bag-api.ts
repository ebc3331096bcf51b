import type { Bag } from '@marketplace/shared/contracts';
import { api, ENDPOINTS_DEFINED_ONCE } from './api';

/**
 * The shopper's bag, read by the shell's tab bar (its count) before the catalogue loads and by the
 * catalogue's bag screens, which add their bag changes with `bagReadApi.injectEndpoints({ … })` and write
 * each answered bag into this one cache entry, so the count follows without a reload.
 */
export const bagReadApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    getBag: build.query<Bag, void>({
      query: () => ({ url: '/bag' }),
      providesTags: [{ type: 'Bag', id: 'LIST' }],
    }),
  }),
});
