import { api } from '@marketplace/shared';
import type { UserInfo } from '@marketplace/shared/contracts';

/**
 * The account remote injects the same endpoints; `overrideExisting: false` keeps whichever came
 * first, and both definitions are identical, so the guard works before that remote ever loads.
 */
export const sessionApi = api.injectEndpoints({
  overrideExisting: false,
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/user/getUserInfo',
      providesTags: ['User'],
    }),
    logoutUser: build.mutation<unknown, { lang: string }>({
      query: ({ lang }) => ({ url: '/user/logout', method: 'POST', params: { lang } }),
    }),
  }),
});
