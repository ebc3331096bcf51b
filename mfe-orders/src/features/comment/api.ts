import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { CommentBody } from '@marketplace/shared/contracts';
import { orderTags } from '../order-tags';

const commentApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    submitComment: build.mutation<unknown, CommentBody>({
      query: (body) => ({ url: '/order/comment', method: 'POST', body }),
      // The review changes the order and the product's rating and the shop's favourable rate.
      invalidatesTags: (_result, _error, body) => [...orderTags(body.orderId), 'Product', 'Shop', 'Comment'],
    }),
  }),
});

export const { useSubmitCommentMutation } = commentApi;
