import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader, usePageLoader } from '@marketplace/shared';
import type { ProductSort } from '@marketplace/shared/contracts';
import { useCategoryName } from '../../categories/categories';
import { productsApi } from '../api';
import { readListFilter } from '../query-filter';
import ProductGrid, { PRODUCT_PAGE_SIZE } from './product-grid';
import SortTabs from './sort-tabs';
import './product-list-screen.css';

/**
 * `/products` (category, sort and price from the filter) and `/searchs` (a keyword's results):
 * one list whose query string is the whole state, so a result page can be shared or reloaded.
 */
export default function ProductListScreen() {
  const { t } = useTranslation('catalogue');
  const categoryName = useCategoryName();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readListFilter(params), [params]);
  const searchProducts = usePageLoader(productsApi.endpoints.searchProducts);

  const loadPage = useCallback(
    (page: number) => searchProducts({ ...filter, page, pageSize: PRODUCT_PAGE_SIZE }),
    [searchProducts, filter],
  );

  const changeSort = (sort: ProductSort) => {
    const next = new URLSearchParams(params);
    next.set('sort', sort);
    setParams(next, { replace: true });
  };

  const title = filter.keyword
    ? t('search.resultsFor', { keyword: filter.keyword })
    : filter.category
      ? categoryName(filter.category)
      : t('title.products');

  return (
    <div>
      <PageHeader
        title={title}
        right={
          <span className="catalogue-list__actions">
            <Link to="/search" aria-label={t('search.open')}>
              <span aria-hidden="true">🔍</span>
            </Link>
            <Link to="/filter">{t('title.filter')}</Link>
          </span>
        }
      />
      <SortTabs sort={filter.sort} onChange={changeSort} />
      {/* Keyed by the filter so a new sort or keyword starts again from page 1. */}
      <ProductGrid key={JSON.stringify(filter)} loadPage={loadPage} label={title} empty={t('product.noMatch')} />
    </div>
  );
}
