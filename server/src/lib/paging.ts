import type { Page } from '@marketplace/shared/contracts';

interface Paged {
  page: number;
  pageSize: number;
}

/** One page of a list answer, in the `Page<T>` shape every paged call returns. */
export const pageOf = <T>(list: T[], total: number, query: Paged): Page<T> => ({
  list,
  total,
  page: query.page,
  pageSize: query.pageSize,
});

/** The rows to skip for a page (pages count from 1). */
export const offsetOf = (query: Paged): number => (query.page - 1) * query.pageSize;
