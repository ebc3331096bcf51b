import { api, withMsg } from '@marketplace/shared';
import type { ProfileBody, UserInfo } from '@marketplace/shared/contracts';

/** `getUserInfo` is also injected by the shell's guard with the identical definition; the first wins. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/user/getUserInfo',
      providesTags: ['User'],
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
  overrideExisting: false,
});

export const {
  useGetUserInfoQuery,
  useLazyGetUserInfoQuery,
  useUpdateUserProfileMutation,
  useSendEmailCodeMutation,
  useVerifyUserEmailMutation,
} = profileApi;
