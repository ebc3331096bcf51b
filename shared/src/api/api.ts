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
 * Each endpoint name is defined once in the whole app: one used by several areas lives in this folder
 * (`session-api.ts`, `bag-api.ts`, `support-api.ts`), and every call passes `ENDPOINTS_DEFINED_ONCE`.
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

/**
 * `overrideExisting` for every `injectEndpoints` call. A second definition of an endpoint name throws
 * while developing and in tests (RTK's `'throw'`) instead of being dropped in silence; a production build
 * keeps the first definition (RTK's `false`) rather than fail a screen. `endpoints-once.test.ts` fails on
 * any name defined twice in the sources and on any call that does not pass this.
 */
export const ENDPOINTS_DEFINED_ONCE: boolean | 'throw' = process.env.NODE_ENV === 'production' ? false : 'throw';
