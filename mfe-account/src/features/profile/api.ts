import { ENDPOINTS_DEFINED_ONCE, sessionApi, withMsg } from '@marketplace/shared';
import type { OrderStatusTab, OrderSummary, Page, ProfileBody, UserInfo } from '@marketplace/shared/contracts';

/** The profile's calls on top of the session's (`getUserInfo` is defined once, in shared). */
export const profileApi = sessionApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * How many of the shopper's orders are in one status tab: the order list's `total` for a one-row page.
     * Tagged as the order list, so paying, cancelling, confirming and asking for a refund recount it.
     */
    countOrdersByStatus: build.query<number, OrderStatusTab>({
      query: (status) => ({ url: '/user/order_list', params: { status, page: 1, pageSize: 1 } }),
      transformResponse: (page: Page<OrderSummary>) => page.total,
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    updateUserProfile: build.mutation<unknown, ProfileBody>({
      query: (body) => ({ url: '/user/profile', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    sendEmailCode: build.mutation<{ data: null; msg: string }, void>({
      query: () => ({ url: '/user/email/send_code', method: 'POST' }),
      transformResponse: withMsg<null>,
    }),
    verifyUserEmail: build.mutation<{ data: UserInfo; msg: string }, { code: string }>({
      query: (body) => ({ url: '/user/email/verify', method: 'POST', body }),
      transformResponse: withMsg<UserInfo>,
      invalidatesTags: ['User'],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const {
  useGetUserInfoQuery,
  useCountOrdersByStatusQuery,
  useUpdateUserProfileMutation,
  useSendEmailCodeMutation,
  useVerifyUserEmailMutation,
} = profileApi;
