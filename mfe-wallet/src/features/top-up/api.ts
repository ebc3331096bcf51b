import { api } from '@marketplace/shared';
import type { UserInfo } from '@marketplace/shared/contracts';

/**
 * The balance comes with the user info. The shell or another area may have injected
 * `getUserInfo` already; `overrideExisting: false` keeps that one, so the cache is shared.
 */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/user/getUserInfo',
      providesTags: ['User'],
    }),
  }),
  overrideExisting: false,
});

export const { useGetUserInfoQuery } = walletApi;
