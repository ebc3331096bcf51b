import { useTranslation } from 'react-i18next';
import { Money, formatDate, pictureUrl } from '@marketplace/shared';
import { statusKey, type OrderListItem } from '../logistics-status';
import OrderActions from './order-actions';
import './order-card.css';

/** One order in the list: shop, first product, status, what was paid and what can be done now. */
export default function OrderCard({ order, onChanged }: { order: OrderListItem; onChanged: () => void }) {
  const { t, i18n } = useTranslation('orders');
  return (
    <article className="orders-card" aria-label={t('card.orderNo', { orderNo: order.orderNo })}>
      <header className="orders-card__header">
        <span className="orders-card__shop">{order.shopName}</span>
        <span className="orders-card__status">{t(statusKey(order.status, Boolean(order.deliveredAt)))}</span>
      </header>
      <div className="orders-card__body">
        {order.productImage && (
          <img className="orders-card__image" src={pictureUrl(order.productImage, 72)} alt="" width={72} height={72} />
        )}
        <div className="orders-card__product">
          <p className="orders-card__title">{order.productTitle}</p>
          {order.itemCount > 1 && <p className="orders-card__meta">{t('card.more', { count: order.itemCount - 1 })}</p>}
          <p className="orders-card__meta">{t('card.orderNo', { orderNo: order.orderNo })}</p>
          {order.carrier && order.trackingNo && (
            <p className="orders-card__meta">
              {t('detail.tracking', { carrier: order.carrier, trackingNo: order.trackingNo })}
            </p>
          )}
          <p className="orders-card__meta">
            {t('card.placedAt', {
              date: formatDate(order.createdAt, i18n.language),
            })}
          </p>
        </div>
      </div>
      <footer className="orders-card__footer">
        <span>{t('card.quantity', { count: order.quantity })}</span>
        <span>
          {t('card.total')}{' '}
          <strong>
            <Money cents={order.total} />
          </strong>
        </span>
      </footer>
      <OrderActions order={order} onChanged={onChanged} showDetails />
    </article>
  );
}
