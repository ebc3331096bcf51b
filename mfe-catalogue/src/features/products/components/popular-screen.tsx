import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, usePageLoader } from '@marketplace/shared';
import { productsApi } from '../api';
import ProductGrid, { PRODUCT_PAGE_SIZE } from './product-grid';

/** `/popular`: the most viewed products. */
export default function PopularScreen() {
  const { t } = useTranslation('catalogue');
  const listPopular = usePageLoader(productsApi.endpoints.listPopularProducts);
  const loadPage = useCallback((page: number) => listPopular({ page, pageSize: PRODUCT_PAGE_SIZE }), [listPopular]);
  return (
    <div>
      <PageHeader title={t('title.popular')} />
      <ProductGrid loadPage={loadPage} label={t('title.popular')} />
    </div>
  );
}
