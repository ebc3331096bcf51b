/** The catalogue's values that need no schema library (the home screen reads them at start-up). */
/** The ten product categories of requirements §4.1; keys are used in URLs (`/products?category=<key>`). */
export const PRODUCT_CATEGORIES = [
  'computer',
  'electrical',
  'outdoors',
  'familyLife',
  'health',
  'menClothing',
  'womenClothing',
  'food',
  'mobilePhone',
  'toys',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const isProductCategory = (value: unknown): value is ProductCategory =>
  typeof value === 'string' && (PRODUCT_CATEGORIES as readonly string[]).includes(value);

/** Product list orders offered by the filter screen (`/products?sort=<key>`). */
export const PRODUCT_SORTS = ['sales', 'priceAsc', 'priceDesc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * Orders of a search (`/searchs?keyword=`): best match first (title words, then shop, category and
 * description, sales breaking ties) or any product list order on the matched products. Without a
 * keyword there is nothing to match and `relevance` means `sales`.
 */
export const SEARCH_SORTS = ['relevance', ...PRODUCT_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Largest page a list endpoint serves; a bigger `pageSize` is refused, not clipped. */
export const CATALOGUE_MAX_PAGE_SIZE = 100;
/** Most rows `suggestions` returns. */
export const SUGGESTION_LIMIT = 10;
/** Longest search keyword accepted. */
export const KEYWORD_MAX_LENGTH = 64;
/** Largest price filter accepted, in cents (one billion). */
export const PRICE_FILTER_MAX = 100_000_000_000;
