import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader, PagedList, usePageLoader } from '@marketplace/shared';
import type { ShopCard } from '@marketplace/shared/contracts';
import { shopsApi } from '../api';
import ShopTile from './shop-tile';

const PAGE_SIZE = 20;

/** `/myFavourite`: the shops the shopper follows. */
export default function FavouriteShopsScreen() {
  const { t } = useTranslation('catalogue');
  const listFollowed = usePageLoader(shopsApi.endpoints.listFollowedShops);
  const loadPage = useCallback((page: number) => listFollowed({ page, pageSize: PAGE_SIZE }), [listFollowed]);
  return (
    <div>
      <PageHeader title={t('title.myFavourite')} />
      <PagedList<ShopCard>
        loadPage={loadPage}
        pageSize={PAGE_SIZE}
        label={t('title.myFavourite')}
        itemKey={(shop) => shop.id}
        renderItem={(shop) => <ShopTile shop={shop} />}
        empty={<EmptyState title={t('favourite.empty')} />}
      />
    </div>
  );
}
