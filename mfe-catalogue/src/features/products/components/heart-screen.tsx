import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, usePageLoader } from '@marketplace/shared';
import { productsApi } from '../api';
import ProductGrid, { PRODUCT_PAGE_SIZE } from './product-grid';

/** `/heart`: the products the shopper saved with the heart on their detail page. */
export default function HeartScreen() {
  const { t } = useTranslation('catalogue');
  const listSaved = usePageLoader(productsApi.endpoints.listSavedProducts);
  const loadPage = useCallback((page: number) => listSaved({ page, pageSize: PRODUCT_PAGE_SIZE }), [listSaved]);
  return (
    <div>
      <PageHeader title={t('title.heart')} />
      <ProductGrid loadPage={loadPage} label={t('title.heart')} empty={t('heart.empty')} />
    </div>
  );
}
