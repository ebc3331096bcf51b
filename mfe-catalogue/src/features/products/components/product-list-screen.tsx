import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FilterOutline, SearchOutline } from 'antd-mobile-icons';
import { PageHeader, usePageLoader } from '@marketplace/shared';
import { PRODUCT_SORTS, SEARCH_SORTS, type SearchSort } from '@marketplace/shared/contracts/core';
import type { ProductSearchPage } from '@marketplace/shared/contracts';
import { useCategoryName } from '../../categories';
import { ShopTile } from '../../shops';
import { productsApi } from '../api';
import { readListFilter } from '../query-filter';
import ProductGrid, { PRODUCT_PAGE_SIZE } from './product-grid';
import ProductTile from './product-tile';
import SortTabs from './sort-tabs';
import './product-list-screen.css';

/**
 * What a search's first page adds to its products: the shop the keyword names, a correction, or the closest
 * category's best sellers.
 */
type SearchHelp = Pick<ProductSearchPage, 'didYouMean' | 'closest' | 'shop'> & { filterKey: string };

/**
 * `/products` (category, sort and price from the filter) and `/searchs` (a keyword's results):
 * one list whose query string is the whole state, so a result page can be shared or reloaded.
 */
export default function ProductListScreen() {
  const { t } = useTranslation('catalogue');
  const categoryName = useCategoryName();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readListFilter(params), [params]);
  const filterKey = JSON.stringify(filter);
  const searchProducts = usePageLoader(productsApi.endpoints.searchProducts);
  const [help, setHelp] = useState<SearchHelp | null>(null);

  const loadPage = useCallback(
    async (page: number) => {
      const found = await searchProducts({ ...filter, page, pageSize: PRODUCT_PAGE_SIZE });
      if (page === 1) setHelp({ didYouMean: found.didYouMean, closest: found.closest, shop: found.shop, filterKey });
      return found;
    },
    [searchProducts, filter, filterKey],
  );
  // Only the answer to the filter on screen (a new keyword starts without the last one's help).
  const shown = help?.filterKey === filterKey ? help : null;

  const changeSort = (sort: SearchSort) => {
    const next = new URLSearchParams(params);
    next.set('sort', sort);
    setParams(next, { replace: true });
  };

  const title = filter.keyword
    ? t('search.resultsFor', { keyword: filter.keyword })
    : filter.category
      ? categoryName(filter.category)
      : t('title.products');
  // The search box and the filter open on this list's keyword and filter, so nothing typed is lost.
  const searchUrl = filter.keyword ? `/search?${new URLSearchParams({ keyword: filter.keyword })}` : '/search';
  const filterUrl = `/filter?${params.toString()}`;

  return (
    <div>
      <PageHeader
        title={title}
        right={
          <span className="catalogue-list__actions">
            <Link to={searchUrl} aria-label={t('search.open')}>
              <SearchOutline aria-hidden="true" />
            </Link>
            {/* An icon drawn the same on every platform (no emoji), named by its visible word. */}
            <Link to={filterUrl} className="catalogue-list__filter">
              <FilterOutline aria-hidden="true" />
              <span>{t('title.filter')}</span>
            </Link>
          </span>
        }
      />
      <SortTabs sort={filter.sort} onChange={changeSort} sorts={filter.keyword ? SEARCH_SORTS : PRODUCT_SORTS} />
      {/* The shop the keyword names, above the products (docs/requirements.md §4.2). */}
      {shown?.shop && (
        <section className="catalogue-list__shop" aria-label={t('search.shopFound')}>
          <ShopTile shop={shown.shop} />
        </section>
      )}
      {shown?.didYouMean && (
        <p className="catalogue-list__did-you-mean">
          <Link to={`?${new URLSearchParams({ ...Object.fromEntries(params), keyword: shown.didYouMean })}`} replace>
            {t('search.didYouMean', { keyword: shown.didYouMean })}
          </Link>
        </p>
      )}
      {/* Keyed by the filter so a new sort or keyword starts again from page 1. */}
      <ProductGrid key={filterKey} loadPage={loadPage} label={title} empty={t('product.noMatch')} />
      {shown?.closest && shown.closest.list.length > 0 && (
        <section className="catalogue-list__closest" aria-labelledby="catalogue-list-closest">
          <h2 id="catalogue-list-closest">
            {shown.closest.category
              ? t('search.closest', { category: categoryName(shown.closest.category) })
              : t('search.popular')}
          </h2>
          <ul className="catalogue-list__closest-grid catalogue-product-tiles">
            {shown.closest.list.map((product) => (
              <li key={product.id}>
                <ProductTile product={product} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
