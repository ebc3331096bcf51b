import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { Page, PageQuery, SupportHistoryEntry, SupportRecord } from '@marketplace/shared/contracts';

// Lists are reads sent as POST (requirements §12.3): a refresh right after the first load
// repeats the same body, which is not a double submit.
const READ = { repeatSubmit: 'false' };

/**
 * Daily shop support ("mutual aid"): the shops to support and the shopper's history. Supporting a
 * shop and its status are shared with the shop page (`@marketplace/shared`).
 */
export const mutualAidApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSupportShops: build.query<Page<SupportRecord>, PageQuery>({
      query: (body) => ({ url: '/merchant/assistList', method: 'POST', body, headers: READ }),
    }),
    listSupportHistory: build.query<Page<SupportHistoryEntry>, PageQuery>({
      query: (body) => ({ url: '/merchant/assistHistory', method: 'POST', body, headers: READ }),
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});
