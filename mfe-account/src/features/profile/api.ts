import { api } from '@marketplace/shared';
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
  }),
  overrideExisting: false,
});

export const { useGetUserInfoQuery, useLazyGetUserInfoQuery, useUpdateUserProfileMutation } = profileApi;
