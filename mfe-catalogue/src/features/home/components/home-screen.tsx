import { useCallback, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageLoader } from '@marketplace/shared';
import { SearchOutline } from 'antd-mobile-icons';
import { CategoryGrid } from '../../categories';
import { HotShopsStrip } from '../../shops';
import { ProductGrid, PRODUCT_PAGE_SIZE, productsApi } from '../../products';
import { dismissFirstPaint } from '../../screen-ready';
import './home-screen.css';

interface HomeSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  /** A link beside the heading to the whole list. */
  more?: { to: string; label: string };
  className?: string;
  children: ReactNode;
}

/** One part of the home page under its heading. */
function HomeSection({ id, heading, more, className, children }: HomeSectionProps) {
  const title = (
    <h2 id={id} className="catalogue-home__heading">
      {heading}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {more ? (
        <div className="catalogue-home__heading-row">
          {title}
          <Link className="catalogue-home__more" to={more.to}>
            {more.label}
          </Link>
        </div>
      ) : (
        title
      )}
      {children}
    </section>
  );
}

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
      <HomeSection id="catalogue-home-categories" heading={t('home.categories')} className="catalogue-home__section">
        <CategoryGrid />
      </HomeSection>
      <HomeSection
        id="catalogue-home-shops"
        heading={t('home.hotShops')}
        more={{ to: '/explore', label: t('home.moreShops') }}
        className="catalogue-home__section"
      >
        <HotShopsStrip />
      </HomeSection>
      <HomeSection
        id="catalogue-home-products"
        heading={t('home.hotProducts')}
        more={{ to: '/popular', label: t('home.popular') }}
      >
        {/* The first-paint layer, which drew these products before any bundle ran, leaves with the first page. */}
        <ProductGrid loadPage={loadPage} label={t('home.hotProducts')} onFirstPage={dismissFirstPaint} />
      </HomeSection>
    </div>
  );
}
