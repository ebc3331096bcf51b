import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd-mobile';
import { useListHotShopsQuery } from '../api';
import { ShopLogo } from './shop-logo';
import { SHOP_LOGO_SIZE } from './shop-tile';
import './hot-shops-strip.css';

const STRIP_SIZE = 10;

/** The top shops in one row that scrolls sideways; the full ranking is on Explore. */
export default function HotShopsStrip() {
  const { t } = useTranslation('catalogue');
  const { data, isLoading } = useListHotShopsQuery({ page: 1, pageSize: STRIP_SIZE });
  if (isLoading) {
    return (
      // A named live region while loading (a name on a plain div is axe's aria-prohibited-attr).
      <div className="catalogue-hot-shops" role="status" aria-busy="true" aria-label={t('loading')}>
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
    );
  }
  return (
    <ul className="catalogue-hot-shops">
      {(data?.list ?? []).map((shop) => (
        <li key={shop.id}>
          <Link className="catalogue-hot-shops__shop" to={`/shop/${shop.id}`}>
            <ShopLogo src={shop.logo} size={SHOP_LOGO_SIZE} />
            <span className="catalogue-hot-shops__name">{shop.name}</span>
            <span className="catalogue-hot-shops__fans">{t('shop.fansCount', { count: shop.fans })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
