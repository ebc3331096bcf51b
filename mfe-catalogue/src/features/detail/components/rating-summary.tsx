import { useTranslation } from 'react-i18next';
import { RightOutline } from 'antd-mobile-icons';
import type { ProductRating } from '@marketplace/shared/contracts';
import RatingScores from './rating-scores';

/**
 * Average scores out of five, or a note that nobody has rated the product yet. "Ratings (21)" opens
 * the review list.
 */
export default function RatingSummary({ rating, onOpen }: { rating: ProductRating; onOpen: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <section className="catalogue-detail__card" aria-labelledby="catalogue-detail-rating">
      {rating.count === 0 ? (
        <>
          <h2 id="catalogue-detail-rating" className="catalogue-detail__heading">
            {t('detail.ratings', { count: rating.count })}
          </h2>
          <p className="catalogue-detail__muted">{t('detail.noRatings')}</p>
        </>
      ) : (
        <>
          <h2 id="catalogue-detail-rating" className="catalogue-detail__heading">
            <button type="button" className="catalogue-detail__ratings-open" aria-haspopup="dialog" onClick={onOpen}>
              <span>{t('detail.ratings', { count: rating.count })}</span>
              <span className="catalogue-detail__ratings-all">
                {t('detail.allReviews')}
                <RightOutline aria-hidden="true" className="catalogue-detail__chevron" />
              </span>
            </button>
          </h2>
          <RatingScores rating={rating} />
        </>
      )}
    </section>
  );
}
