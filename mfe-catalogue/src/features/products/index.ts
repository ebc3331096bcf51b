// The products feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { productsApi, useGetProductDetailQuery, useSaveProductMutation, useUnsaveProductMutation } from './api';
export type { PageArgs } from './api';
export { PRODUCT_PAGE_SIZE, default as ProductGrid } from './components/product-grid';
export { default as ProductTile } from './components/product-tile';
export { readListFilter } from './query-filter';
