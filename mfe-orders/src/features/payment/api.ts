import { api, withMsg } from '@marketplace/shared';
import type { PayOrdersBody, PayResult } from '@marketplace/shared/contracts';

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    payOrders: build.mutation<{ data: PayResult; msg: string }, PayOrdersBody>({
      query: (body) => ({ url: '/order/pay', method: 'POST', body }),
      transformResponse: withMsg<PayResult>,
      invalidatesTags: (_result, _error, body) => [
        'User',
        'Wallet',
        'Record',
        { type: 'Order', id: 'LIST' },
        ...body.orderIds.map((id) => ({ type: 'Order' as const, id })),
      ],
    }),
  }),
});

export const { usePayOrdersMutation } = paymentApi;
