import type { UserInfo } from '@marketplace/shared/contracts';
import { api, ENDPOINTS_DEFINED_ONCE } from './api';

/**
 * The session's endpoints, defined once for every area: the shell's guard restores the user info and
 * signs out with them before any remote loads, and the remotes read the user (profile, balance on the
 * payment sheet and in the wallet) and sign out through the same cache entry. A remote that adds endpoints
 * of its own next to these builds on this slice: `sessionApi.injectEndpoints({ … })`.
 */
export const sessionApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => '/user/getUserInfo',
      providesTags: ['User'],
    }),
    // The language goes in the query string of the logout call.
    logoutUser: build.mutation<unknown, { lang: string }>({
      query: ({ lang }) => ({ url: '/user/logout', method: 'POST', params: { lang } }),
    }),
  }),
});
