import { parseMoney, type ProductCategory, type SearchSort } from '@marketplace/shared/contracts/core';

interface ProductFilter {
  /** The search the filter narrows: kept, so a filter never drops what the shopper searched for. */
  keyword?: string;
  category: ProductCategory | '';
  sort: SearchSort;
  /** Dollars as typed; empty means no bound. */
  minPrice: string;
  maxPrice: string;
}

/** Cents of a typed bound: undefined when left empty, null when not an amount. */
const boundCents = (typed: string): number | null | undefined => (typed.trim() ? parseMoney(typed) : undefined);

/**
 * The product list URL for a filter: `/searchs?keyword=…` when it narrows a search, else `/products`. Prices travel as integer cents, like every amount the API
 * sees, so the list never has to parse typed dollars.
 */
export const buildProductsUrl = (filter: ProductFilter): { url: string } | { error: 'priceInvalid' | 'priceOrder' } => {
  const min = boundCents(filter.minPrice);
  const max = boundCents(filter.maxPrice);
  if (min === null || max === null) return { error: 'priceInvalid' };
  if (min !== undefined && max !== undefined && min > max) return { error: 'priceOrder' };
  const params = new URLSearchParams();
  const keyword = filter.keyword?.trim();
  if (keyword) params.set('keyword', keyword);
  if (filter.category) params.set('category', filter.category);
  params.set('sort', keyword || filter.sort !== 'relevance' ? filter.sort : 'sales');
  if (min !== undefined) params.set('minPrice', String(min));
  if (max !== undefined) params.set('maxPrice', String(max));
  return { url: `${keyword ? '/searchs' : '/products'}?${params.toString()}` };
};
