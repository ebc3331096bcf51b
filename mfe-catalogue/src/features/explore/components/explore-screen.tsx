import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { List } from 'antd-mobile';
import { EmptyState, PageHeader, PagedList, usePageLoader } from '@marketplace/shared';
import { PRODUCT_CATEGORIES, type ShopCard } from '@marketplace/shared/contracts/core';
import { productsOfCategory, useCategoryName, CategoryIcon } from '../../categories';
import { shopsApi, ShopTile } from '../../shops';
import './explore-screen.css';

const SHOP_PAGE_SIZE = 20;

/** `/explore`: every category, then the hot shops ranking (sales and accumulated support days). */
export default function ExploreScreen() {
  const { t } = useTranslation('catalogue');
  const categoryName = useCategoryName();
  const listHotShops = usePageLoader(shopsApi.endpoints.listHotShops);
  const loadPage = useCallback((page: number) => listHotShops({ page, pageSize: SHOP_PAGE_SIZE }), [listHotShops]);
  return (
    <div>
      <PageHeader title={t('title.explore')} hideBack />
      <List header={t('explore.intro')}>
        {PRODUCT_CATEGORIES.map((category) => (
          <List.Item
            key={category}
            prefix={
              <span className="catalogue-explore__icon" aria-hidden="true">
                <CategoryIcon category={category} />
              </span>
            }
            arrow
          >
            {/* A real link (antd's clickable item is an anchor without href, invisible to assistive tech). */}
            <Link className="catalogue-explore__link" to={productsOfCategory(category)}>
              {categoryName(category)}
            </Link>
          </List.Item>
        ))}
      </List>
      <h2 className="catalogue-explore__heading">{t('explore.hotShops')}</h2>
      <PagedList<ShopCard>
        loadPage={loadPage}
        pageSize={SHOP_PAGE_SIZE}
        label={t('explore.hotShops')}
        itemKey={(shop) => shop.id}
        renderItem={(shop) => <ShopTile shop={shop} />}
        empty={<EmptyState />}
      />
    </div>
  );
}
