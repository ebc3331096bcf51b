import { api, withMsg, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { OrderDetail, OrderListQuery, Page } from '@marketplace/shared/contracts';
import type { OrderListItem } from './logistics-status';
import { orderTags } from '../order-tags';

/** An action changes the order, its list, and (cancel: released stock) the products. */
const orderChanged = (id: number) => [...orderTags(id), 'Product' as const];

export const ordersApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    listOrders: build.query<Page<OrderListItem>, OrderListQuery>({
      query: (params) => ({ url: '/user/order_list', params }),
      providesTags: (result) => [
        { type: 'Order' as const, id: 'LIST' },
        ...(result?.list ?? []).map((order) => ({ type: 'Order' as const, id: order.id })),
      ],
    }),
    getOrderDetail: build.query<OrderDetail, number>({
      query: (id) => ({ url: '/order/detail', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Order' as const, id }],
    }),
    cancelOrder: build.mutation<{ data: unknown; msg: string }, number>({
      query: (id) => ({ url: '/order/cancel', method: 'POST', body: { id } }),
      transformResponse: withMsg<unknown>,
      invalidatesTags: (_result, _error, id) => orderChanged(id),
    }),
    confirmOrderReceipt: build.mutation<{ data: unknown; msg: string }, number>({
      query: (id) => ({ url: '/order/confirm', method: 'POST', body: { id } }),
      transformResponse: withMsg<unknown>,
      invalidatesTags: (_result, _error, id) => orderChanged(id),
    }),
  }),
});

export const { useGetOrderDetailQuery, useCancelOrderMutation, useConfirmOrderReceiptMutation } = ordersApi;
