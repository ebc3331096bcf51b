import { useTranslation } from 'react-i18next';
import { Money } from '@marketplace/shared';
import type { RefundInfo } from '@marketplace/shared/contracts';

/** The order's refund request: what was asked, and the operator's decision with its reason. */
export default function RefundState({ refund }: { refund: RefundInfo }) {
  const { t } = useTranslation('orders');
  // i18n-keys: refundState.pending, refundState.agreed, refundState.refused
  // i18n-keys: refund.types.refund, refund.types.return
  // i18n-keys: refund.productStatuses.received, refund.productStatuses.notReceived
  return (
    <section className="order-detail__card" aria-label={t('detail.refund')}>
      <h2 className="order-detail__heading">{t('detail.refund')}</h2>
      <p>
        <strong>{t(`refundState.${refund.state}`)}</strong>
      </p>
      <dl className="order-detail__amounts">
        <dt>{t('refund.type')}</dt>
        <dd>{t(`refund.types.${refund.refundType}`)}</dd>
        <dt>{t('refund.amount')}</dt>
        <dd>
          <Money cents={refund.refundAmount} />
        </dd>
        <dt>{t('refund.productStatus')}</dt>
        <dd>{t(`refund.productStatuses.${refund.productStatus}`)}</dd>
        <dt>{t('refund.reason')}</dt>
        <dd>{refund.reason}</dd>
      </dl>
      {refund.state === 'refused' && refund.decisionReason && (
        <p className="order-detail__refused" role="note">
          {t('detail.refusedBecause', { reason: refund.decisionReason })}
        </p>
      )}
    </section>
  );
}
