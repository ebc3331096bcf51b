import { useCallback } from 'react';
import { PageHeader, usePageLoader } from '@marketplace/shared';
import { productsApi } from '../api';
import ProductGrid, { PRODUCT_PAGE_SIZE } from './product-grid';

/** A screen that is one titled grid of products, read page by page from `list`. */
export function ProductGridScreen({
  title,
  empty,
  list,
}: {
  title: string;
  empty?: string;
  list: typeof productsApi.endpoints.listSavedProducts | typeof productsApi.endpoints.listPopularProducts;
}) {
  const listProducts = usePageLoader(list);
  const loadPage = useCallback((page: number) => listProducts({ page, pageSize: PRODUCT_PAGE_SIZE }), [listProducts]);
  return (
    <div>
      <PageHeader title={title} />
      <ProductGrid loadPage={loadPage} label={title} empty={empty} />
    </div>
  );
}
