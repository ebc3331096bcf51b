import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Badge, Button } from 'antd-mobile';
import { ShopbagOutline } from 'antd-mobile-icons';
import { useBagCount } from '../../bag';
import './buy-bar.css';

/**
 * The product page's bar fixed at the bottom of the screen: the bag with its count, "Add to bag" and
 * "Buy now", in reach wherever the page is scrolled.
 */
export default function BuyBar({
  disabled,
  adding,
  onAdd,
  onBuy,
}: {
  disabled: boolean;
  adding: boolean;
  onAdd: () => void;
  onBuy: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const count = useBagCount();
  const countId = useId();
  return (
    <div className="catalogue-buy-bar" role="group" aria-label={t('detail.buyBar')}>
      {/* The link keeps the tab's name, "Bag"; the count is its description. */}
      <Link className="catalogue-buy-bar__bag" to="/bag" aria-describedby={count > 0 ? countId : undefined}>
        <span aria-hidden="true" className="catalogue-buy-bar__icon">
          <Badge content={count > 0 ? (count > 99 ? '99+' : String(count)) : null}>
            <ShopbagOutline />
          </Badge>
        </span>
        <span className="catalogue-buy-bar__label">{t('title.bag')}</span>
        {count > 0 && (
          <span id={countId} hidden>
            {t('bag.count', { n: count })}
          </span>
        )}
      </Link>
      <Button
        className="catalogue-buy-bar__button"
        color="warning"
        disabled={disabled}
        loading={adding}
        onClick={onAdd}
      >
        {t('detail.addToBag')}
      </Button>
      <Button className="catalogue-buy-bar__button" color="danger" disabled={disabled} onClick={onBuy}>
        {t('detail.buyNow')}
      </Button>
    </div>
  );
}
