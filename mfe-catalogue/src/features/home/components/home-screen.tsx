import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageLoader } from '@marketplace/shared';
import { SearchOutline } from 'antd-mobile-icons';
import CategoryGrid from '../../categories/components/category-grid';
import HotShopsStrip from '../../shops/components/hot-shops-strip';
import ProductGrid, { PRODUCT_PAGE_SIZE } from '../../products/components/product-grid';
import { productsApi } from '../../products/api';
import { dismissFirstPaint } from '../../screen-ready';
import './home-screen.css';

/** `/index` and `/home`: search entry, category shortcuts, hot shops and the hot products feed. */
export default function HomeScreen() {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const listHotProducts = usePageLoader(productsApi.endpoints.listHotProducts);
  const loadPage = useCallback(
    (page: number) => listHotProducts({ page, pageSize: PRODUCT_PAGE_SIZE }),
    [listHotProducts],
  );
  return (
    <div className="catalogue-home">
      <div className="catalogue-home__search" role="search">
        {/* The search page owns typing and suggestions; here the bar is only its entrance. */}
        <button type="button" className="catalogue-home__search-entry" onClick={() => navigate('/search')}>
          <SearchOutline aria-hidden="true" focusable="false" />
          {t('home.search')}
        </button>
      </div>
      <section aria-labelledby="catalogue-home-categories" className="catalogue-home__section">
        <h2 id="catalogue-home-categories" className="catalogue-home__heading">
          {t('home.categories')}
        </h2>
        <CategoryGrid />
      </section>
      <section aria-labelledby="catalogue-home-shops" className="catalogue-home__section">
        <div className="catalogue-home__heading-row">
          <h2 id="catalogue-home-shops" className="catalogue-home__heading">
            {t('home.hotShops')}
          </h2>
          <Link className="catalogue-home__more" to="/explore">
            {t('home.moreShops')}
          </Link>
        </div>
        <HotShopsStrip />
      </section>
      <section aria-labelledby="catalogue-home-products">
        <div className="catalogue-home__heading-row">
          <h2 id="catalogue-home-products" className="catalogue-home__heading">
            {t('home.hotProducts')}
          </h2>
          <Link className="catalogue-home__more" to="/popular">
            {t('home.popular')}
          </Link>
        </div>
        {/* The first-paint layer, which drew these products before any bundle ran, leaves with the first page. */}
        <ProductGrid loadPage={loadPage} label={t('home.hotProducts')} onFirstPage={dismissFirstPaint} />
      </section>
    </div>
  );
}
