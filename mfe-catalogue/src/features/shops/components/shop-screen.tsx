import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton } from 'antd-mobile';
import { EmptyState, PageHeader, usePageLoader } from '@marketplace/shared';
import { shopsApi, useGetShopDetailQuery } from '../api';
import { useFollowShop } from '../hooks/use-follow-shop';
import { ShopLogo } from './shop-logo';
import { ShopSupportActions } from './shop-support-actions';
import { ProductGrid, PRODUCT_PAGE_SIZE } from '../../products';
import { compactCount } from '../compact-count';
import { idParam } from '../id-param';
import './shop-screen.css';

const LOGO_SIZE = 64;

/**
 * `/shop/:id?`: the shop's standing (items sold at a glance, fans, favorable rate, support days; its
 * turnover is the seller's business, not the shopper's), follow / unfollow and its products.
 */
export default function ShopScreen() {
  const { t, i18n } = useTranslation('catalogue');
  const id = idParam(useParams().id);
  const { data: shop, isLoading, isError } = useGetShopDetailQuery(id ?? 0, { skip: id === null });
  // The seller's banner (modules/sellers), beside the contract's fields; decorative, so no text alternative.
  const banner = (shop as { banner?: string | null } | undefined)?.banner;
  const { toggle, busy } = useFollowShop();
  const listShopProducts = usePageLoader(shopsApi.endpoints.listShopProducts);
  const loadPage = useCallback(
    (page: number) => listShopProducts({ id: id ?? 0, page, pageSize: PRODUCT_PAGE_SIZE }),
    [listShopProducts, id],
  );

  if (id === null || isError) {
    return (
      <div>
        <PageHeader title={t('title.shop')} />
        <EmptyState title={t('shop.notFound')} />
      </div>
    );
  }

  return (
    <div className="catalogue-shop">
      <PageHeader title={shop?.name ?? t('title.shop')} />
      {isLoading || !shop ? (
        <div className="catalogue-shop__header" role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ) : (
        <section className="catalogue-shop__header" aria-label={t('shop.about')}>
          {banner && <img className="catalogue-shop__banner" src={banner} alt="" />}
          <div className="catalogue-shop__identity">
            <ShopLogo className="catalogue-shop__logo" src={shop.logo} size={LOGO_SIZE} eager />
            <div className="catalogue-shop__name">
              <h2>{shop.name}</h2>
              <p>{t('shop.productCount', { count: shop.productCount })}</p>
            </div>
            <Button
              size="small"
              color="primary"
              fill={shop.followed ? 'outline' : 'solid'}
              loading={busy}
              onClick={() => void toggle(shop.id, shop.followed)}
            >
              {shop.followed ? t('shop.unfollow') : t('shop.follow')}
            </Button>
          </div>
          <dl className="catalogue-shop__stats">
            <div>
              <dt>{t('shop.itemsSold')}</dt>
              <dd title={String(shop.sales)}>{compactCount(shop.sales, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('shop.fans')}</dt>
              <dd>{shop.fans}</dd>
            </div>
            <div>
              <dt>{t('shop.favorableRate')}</dt>
              <dd>{`${shop.favorableRate}%`}</dd>
            </div>
            <div>
              <dt>{t('shop.supportDays')}</dt>
              <dd>{shop.supportDays}</dd>
            </div>
          </dl>
          {shop.description && <p className="catalogue-shop__description">{shop.description}</p>}
          <ShopSupportActions shopId={shop.id} shopName={shop.name} />
        </section>
      )}
      <h2 className="catalogue-shop__heading">{t('shop.products')}</h2>
      <ProductGrid loadPage={loadPage} label={t('shop.products')} />
    </div>
  );
}
