import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@marketplace/shared';
import type { ProductRating } from '@marketplace/shared/contracts';

/** The three average scores out of five: product, service, postage. */
export default function RatingScores({ rating }: { rating: ProductRating }) {
  const { t, i18n } = useTranslation('catalogue');
  return (
    <dl className="catalogue-detail__scores">
      {(['productScore', 'serviceScore', 'postageScore'] as const).map((key) => (
        // i18n-keys: detail.productScore, detail.serviceScore, detail.postageScore
        <div key={key}>
          <dt>{t(`detail.${key}`)}</dt>
          <dd>{formatDecimal(rating[key], i18n.language, 1)}</dd>
        </div>
      ))}
    </dl>
  );
}
