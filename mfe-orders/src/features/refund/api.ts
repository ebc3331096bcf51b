import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { RefundBody } from '@marketplace/shared/contracts';

const refundApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    submitRefund: build.mutation<unknown, RefundBody>({
      query: (body) => ({ url: '/order/refund', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => [
        { type: 'Order', id: body.orderId },
        { type: 'Order', id: 'LIST' },
        'Refund',
      ],
    }),
  }),
});

export const { useSubmitRefundMutation } = refundApi;
