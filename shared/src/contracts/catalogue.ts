/** The ten product categories of spec section 2; keys are used in URLs (`/products?category=<key>`). */
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
