import { ENDPOINTS_DEFINED_ONCE, sessionApi, withMsg } from '@marketplace/shared';
import type { PayOrdersBody, PayResult } from '@marketplace/shared/contracts';

/** Paying on top of the session's calls: the payment sheet shows the balance from `getUserInfo` (shared). */
const paymentApi = sessionApi.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
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

export const { useGetUserInfoQuery, usePayOrdersMutation } = paymentApi;
