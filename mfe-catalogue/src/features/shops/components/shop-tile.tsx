import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ShopCard } from '@marketplace/shared/contracts';
import { ShopLogo } from './shop-logo';
import './shop-tile.css';

export const SHOP_LOGO_SIZE = 48;

/** One shop in a list: logo, name and its standing (sales, fans, favourable rate). */
export default function ShopTile({ shop }: { shop: ShopCard }) {
  const { t } = useTranslation('catalogue');
  return (
    <Link className="catalogue-shop-tile" to={`/shop/${shop.id}`}>
      <ShopLogo className="catalogue-shop-tile__logo" src={shop.logo} size={SHOP_LOGO_SIZE} />
      <span className="catalogue-shop-tile__body">
        <span className="catalogue-shop-tile__name">{shop.name}</span>
        <span className="catalogue-shop-tile__stats">
          <span>{t('shop.salesCount', { count: shop.sales })}</span>
          <span>{t('shop.fansCount', { count: shop.fans })}</span>
          <span>{t('shop.favorable', { rate: shop.favorableRate })}</span>
        </span>
      </span>
    </Link>
  );
}
