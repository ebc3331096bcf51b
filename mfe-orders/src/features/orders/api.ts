import { api } from '@marketplace/shared';
import type { OrderListQuery, OrderSummary, Page } from '@marketplace/shared/contracts';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<Page<OrderSummary>, OrderListQuery>({
      query: (params) => ({ url: '/user/order_list', params }),
      providesTags: (result) => [
        { type: 'Order' as const, id: 'LIST' },
        ...(result?.list ?? []).map((order) => ({ type: 'Order' as const, id: order.id })),
      ],
    }),
  }),
});

export const { useListOrdersQuery, useLazyListOrdersQuery } = ordersApi;
