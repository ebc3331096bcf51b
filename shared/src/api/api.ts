import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery, type ApiMeta } from './base-query';

/** Every tag the app uses, declared once; tags are `{ type, id }` plus `id: 'LIST'`. */
export const API_TAG_TYPES = [
  'User',
  'Language',
  'Address',
  'Order',
  'Product',
  'Shop',
  'Bag',
  'Wallet',
  'Record',
  'Comment',
  'Refund',
  'Support',
] as const;

/**
 * The one RTK Query slice. Remotes add endpoints with `api.injectEndpoints` in their own
 * `features/<feature>/api.ts`; endpoint URLs are relative to `API_BASE` (e.g. `/user/login`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});

/** For endpoints whose screens toast the server's success message: `transformResponse: withMsg`. */
export const withMsg = <T>(data: T, meta: ApiMeta | undefined): { data: T; msg: string } => ({
  data,
  msg: meta?.msg ?? '',
});
