import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button, Steps } from 'antd-mobile';
import { formatDateTime } from '@marketplace/shared';
import { type OrderDetail } from '@marketplace/shared/contracts';
import { OrderActions, AmountList, ItemLineContent, OrderPage, orderIdOf, statusKey } from '../../orders';
import { copyText } from '../copy-text';
import { orderTimeline } from '../refund-timeline';
import RefundState from './refund-state';
import './order-detail.css';

const Logistics = ({ order }: { order: OrderDetail }) => {
  const { t, i18n } = useTranslation('orders');
  const steps = orderTimeline(order, t);
  if (steps.length === 0) return null;
  return (
    <section className="order-detail__card" aria-label={t('detail.logistics')}>
      <h2 className="order-detail__heading">{t('detail.logistics')}</h2>
      {order.carrier && order.trackingNo && (
        <p className="order-detail__meta">
          {t('detail.tracking', { carrier: order.carrier, trackingNo: order.trackingNo })}
        </p>
      )}
      <Steps direction="vertical" current={0}>
        {steps.map((step) => (
          <Steps.Step key={step.key} title={step.title} description={formatDateTime(step.at, i18n.language)} />
        ))}
      </Steps>
    </section>
  );
};

// Actions invalidate this order's cache tag, so the detail reloads itself after one.
const Detail = ({ order }: { order: OrderDetail }) => {
  const { t, i18n } = useTranslation('orders');
  const delivered = order.logistics.some((event) => event.kind === 'delivered');
  return (
    <>
      <section className="order-detail__card order-detail__status" aria-label={t('detail.status')}>
        <strong>{t(statusKey(order.status, delivered))}</strong>
        {order.carrier && order.trackingNo && (
          <span className="order-detail__meta">
            {t('detail.tracking', { carrier: order.carrier, trackingNo: order.trackingNo })}
          </span>
        )}
        <span className="order-detail__meta order-detail__order-no">
          {t('card.orderNo', { orderNo: order.orderNo })}
          <Button
            className="order-detail__copy"
            size="mini"
            fill="outline"
            aria-label={t('copy.orderNo')}
            onClick={() => void copyText(order.orderNo)}
          >
            {t('copy.button')}
          </Button>
        </span>
        <span className="order-detail__meta">
          {t('detail.placedAt', { date: formatDateTime(order.createdAt, i18n.language) })}
        </span>
      </section>
      {order.address && (
        <section className="order-detail__card" aria-label={t('checkout.address')}>
          <p className="order-detail__addressee">
            {order.address.addressee} <span>{order.address.mobilePhone}</span>
          </p>
          <p>
            {order.address.area} {order.address.detailedAddress}
          </p>
        </section>
      )}
      <Logistics order={order} />
      <section className="order-detail__card" aria-label={t('detail.items')}>
        <h2 className="order-detail__heading">{order.shopName}</h2>
        <ul className="order-detail__items">
          {order.items.map((item) => (
            <li key={`${item.productId}-${JSON.stringify(item.spec)}`} className="order-detail__item">
              <ItemLineContent item={item} block="order-detail" />
            </li>
          ))}
        </ul>
        <AmountList
          amounts={order}
          block="order-detail"
          discountLabel={order.promoCode ? t('amount.discountWith', { code: order.promoCode }) : t('amount.discount')}
        />
      </section>
      {order.refund && <RefundState refund={order.refund} />}
      {order.comment && (
        <section className="order-detail__card" aria-label={t('detail.review')}>
          <h2 className="order-detail__heading">{t('detail.review')}</h2>
          <p>{order.comment.content}</p>
          <p className="order-detail__meta">
            {t('detail.scores', {
              product: order.comment.productScore,
              service: order.comment.serviceScore,
              postage: order.comment.postageScore,
            })}
          </p>
        </section>
      )}
      <div className="order-detail__card">
        <OrderActions order={{ ...order, productIds: order.items.map((item) => item.productId) }} />
      </div>
    </>
  );
};

/** `/orderInfo/:id?`: one order with its items, amounts, address, logistics timeline and refund. */
export default function OrderDetailScreen() {
  const { t } = useTranslation('orders');
  return (
    <OrderPage className="order-detail" title={t('title.orderInfo')} id={orderIdOf(useParams().id)} retry>
      {(order) => <Detail order={order} />}
    </OrderPage>
  );
}
