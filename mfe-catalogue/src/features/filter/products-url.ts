import { parseMoney, type ProductCategory, type ProductSort } from '@marketplace/shared/contracts/core';

export interface ProductFilter {
  category: ProductCategory | '';
  sort: ProductSort;
  /** Dollars as typed; empty means no bound. */
  minPrice: string;
  maxPrice: string;
}

/** Cents of a typed bound: undefined when left empty, null when not an amount. */
const boundCents = (typed: string): number | null | undefined => (typed.trim() ? parseMoney(typed) : undefined);

/**
 * The product list URL for a filter. Prices travel as integer cents, like every amount the API
 * sees, so the list never has to parse typed dollars.
 */
export const buildProductsUrl = (filter: ProductFilter): { url: string } | { error: 'priceInvalid' | 'priceOrder' } => {
  const min = boundCents(filter.minPrice);
  const max = boundCents(filter.maxPrice);
  if (min === null || max === null) return { error: 'priceInvalid' };
  if (min !== undefined && max !== undefined && min > max) return { error: 'priceOrder' };
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  params.set('sort', filter.sort);
  if (min !== undefined) params.set('minPrice', String(min));
  if (max !== undefined) params.set('maxPrice', String(max));
  return { url: `/products?${params.toString()}` };
};
