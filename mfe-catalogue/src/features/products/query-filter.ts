import {
  isProductCategory,
  SEARCH_SORTS,
  type ProductCategory,
  type SearchSort,
} from '@marketplace/shared/contracts/core';

interface ListFilter {
  keyword?: string;
  category?: ProductCategory;
  minPrice?: number;
  maxPrice?: number;
  /** `relevance` (best match) only means something with a keyword: the default then, `sales` without. */
  sort: SearchSort;
}

const cents = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,12}$/.test(value)) return undefined;
  return Number(value);
};

/**
 * The list filter a `/products` or `/searchs` URL asks for. Anything that is not a valid value
 * (a hand-edited URL) is left out rather than sent, so the list still shows.
 */
export const readListFilter = (params: URLSearchParams): ListFilter => {
  const sort = params.get('sort');
  const category = params.get('category');
  const keyword = params.get('keyword')?.trim();
  return {
    sort:
      (SEARCH_SORTS as readonly string[]).includes(sort ?? '') && (keyword || sort !== 'relevance')
        ? (sort as SearchSort)
        : keyword
          ? 'relevance'
          : 'sales',
    ...(isProductCategory(category) && { category }),
    ...(keyword && { keyword }),
    ...(cents(params.get('minPrice')) !== undefined && { minPrice: cents(params.get('minPrice')) }),
    ...(cents(params.get('maxPrice')) !== undefined && { maxPrice: cents(params.get('maxPrice')) }),
  };
};
