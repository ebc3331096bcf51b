import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@marketplace/shared';
import type { ProductRating } from '@marketplace/shared/contracts';

/** Average scores out of five, or a note that nobody has rated the product yet. */
export default function RatingSummary({ rating }: { rating: ProductRating }) {
  const { t, i18n } = useTranslation('catalogue');
  return (
    <section className="catalogue-detail__card" aria-labelledby="catalogue-detail-rating">
      <h2 id="catalogue-detail-rating" className="catalogue-detail__heading">
        {t('detail.ratings', { count: rating.count })}
      </h2>
      {rating.count === 0 ? (
        <p className="catalogue-detail__muted">{t('detail.noRatings')}</p>
      ) : (
        <dl className="catalogue-detail__scores">
          {(['productScore', 'serviceScore', 'postageScore'] as const).map((key) => (
            // i18n-keys: detail.productScore, detail.serviceScore, detail.postageScore
            <div key={key}>
              <dt>{t(`detail.${key}`)}</dt>
              <dd>{formatDecimal(rating[key], i18n.language, 1)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
