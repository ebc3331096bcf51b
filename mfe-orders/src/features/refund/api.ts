import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { RefundBody } from '@marketplace/shared/contracts';
import { orderTags } from '../order-tags';

const refundApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    submitRefund: build.mutation<unknown, RefundBody>({
      query: (body) => ({ url: '/order/refund', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => [...orderTags(body.orderId), 'Refund'],
    }),
  }),
});

export const { useSubmitRefundMutation } = refundApi;
