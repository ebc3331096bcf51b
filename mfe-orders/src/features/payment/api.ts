import { api, withMsg } from '@marketplace/shared';
import type { PayOrdersBody, PayResult, UserInfo } from '@marketplace/shared/contracts';

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The balance the payment sheet shows; the same definition as the shell's and the wallet's, the first wins. */
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/user/getUserInfo',
      providesTags: ['User'],
    }),
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
