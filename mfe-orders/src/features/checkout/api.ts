import { api, withMsg, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type {
  CheckoutPreview,
  CheckoutPreviewBody,
  CreateOrderBody,
  CreateOrderResult,
} from '@marketplace/shared/contracts';

const checkoutApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    // A POST that reads: the screen asks again whenever the address or promo code changes, so the
    // client's repeat-submit guard must not reject an identical re-ask.
    previewCheckout: build.mutation<CheckoutPreview, CheckoutPreviewBody>({
      query: (body) => ({ url: '/order/preview', method: 'POST', body, headers: { repeatSubmit: 'false' } }),
    }),
    createOrders: build.mutation<{ data: CreateOrderResult; msg: string }, CreateOrderBody>({
      query: (body) => ({ url: '/order/create', method: 'POST', body }),
      transformResponse: withMsg<CreateOrderResult>,
      // Stock is reserved and the bag items are gone.
      invalidatesTags: ['Bag', 'Product', { type: 'Order', id: 'LIST' }],
    }),
  }),
});

export const { usePreviewCheckoutMutation, useCreateOrdersMutation } = checkoutApi;
