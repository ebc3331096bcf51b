import { api, withMsg, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { Address, AddressBody } from '@marketplace/shared/contracts';

/** Shipping addresses (requirements §3.5, §12.3). The checkout screen injects `listAddresses` identically. */
const addressApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAddresses: build.query<Address[], void>({
      query: () => '/user/address_list',
      providesTags: (result) => [
        { type: 'Address' as const, id: 'LIST' },
        ...(result ?? []).map((address) => ({ type: 'Address' as const, id: address.id })),
      ],
    }),
    getAddress: build.query<Address, number>({
      query: (id) => ({ url: '/user/address', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Address' as const, id }],
    }),
    saveAddress: build.mutation<{ data: Address; msg: string }, AddressBody>({
      query: (body) => ({ url: '/user/address_add', method: 'POST', body }),
      transformResponse: withMsg<Address>,
      invalidatesTags: [{ type: 'Address', id: 'LIST' }],
    }),
    setDefaultAddress: build.mutation<unknown, number>({
      query: (id) => ({ url: '/user/address_set_default', method: 'POST', body: { id } }),
      invalidatesTags: [{ type: 'Address', id: 'LIST' }],
    }),
    deleteAddress: build.mutation<{ data: unknown; msg: string }, number>({
      query: (id) => ({ url: '/user/address_del', params: { id } }),
      transformResponse: withMsg<unknown>,
      invalidatesTags: [{ type: 'Address', id: 'LIST' }],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const {
  useListAddressesQuery,
  useGetAddressQuery,
  useSaveAddressMutation,
  useSetDefaultAddressMutation,
  useDeleteAddressMutation,
} = addressApi;
