import { useTranslation } from 'react-i18next';
import { Money, pictureUrl } from '@marketplace/shared';
import type { RefundInfo } from '@marketplace/shared/contracts';

/** The order's refund request as sent (type, amount, goods, reason, explanation, proof pictures) and the decision. */
export default function RefundState({ refund }: { refund: RefundInfo }) {
  const { t } = useTranslation('orders');
  // Every proof picture; a server from before the list (one `attachmentUrl`) still shows its one.
  const pictures = refund.attachmentUrls?.length ? refund.attachmentUrls : [refund.attachmentUrl].filter(Boolean);
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
        <dt>{t('refund.explain')}</dt>
        <dd className="order-detail__text">{refund.explain}</dd>
      </dl>
      {pictures.length > 0 && (
        <figure className="order-detail__proof">
          <figcaption className="order-detail__meta">{t('refund.proof')}</figcaption>
          <ul className="order-detail__proof-list">
            {pictures.map((url, index) => {
              const n = { n: index + 1, total: pictures.length };
              return (
                <li key={url}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={pictures.length === 1 ? t('detail.openProof') : t('detail.openProofN', n)}
                  >
                    <img
                      src={pictureUrl(url, 72)}
                      alt={pictures.length === 1 ? t('detail.proofPicture') : t('detail.proofPictureN', n)}
                      width={72}
                      height={72}
                    />
                  </a>
                </li>
              );
            })}
          </ul>
        </figure>
      )}
      {refund.state === 'refused' && refund.decisionReason && (
        <p className="order-detail__refused" role="note">
          {t('detail.refusedBecause', { reason: refund.decisionReason })}
        </p>
      )}
    </section>
  );
}
