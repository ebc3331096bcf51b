import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popup } from 'antd-mobile';
import type { ProductRating } from '@marketplace/shared/contracts';
import { REVIEW_FILTERS, useListProductReviewsQuery, type ReviewCounts, type ReviewFilter } from '../api';
import RatingScores from './rating-scores';
import ReviewItem from './review-item';
import { CloseButton } from './close-button';
import { useOverlayClose } from '../use-overlay-close';
import '../../catalogue-common.css';
import './detail-controls.css';
import './review-list.css';

/** Reviews shown at first and added by each "Show more reviews". */
const STEP = 10;

const countOf = (counts: ReviewCounts | undefined, filter: ReviewFilter): number =>
  !counts ? 0 : filter === 'all' ? counts.all : filter === 'pics' ? counts.pics : counts.scores[filter];

/**
 * "Ratings (21)" opened: the three average scores, a filter (all, with pictures, one product score, each
 * with its count) and the written reviews with their pictures, newest first.
 */
export default function ReviewList({
  productId,
  rating,
  open,
  onClose,
}: {
  productId: number;
  rating: ProductRating;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const titleId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [shown, setShown] = useState(STEP);
  // Escape and the back gesture close it too; back stays on the product.
  useOverlayClose(open, onClose);
  const { data, isFetching, isError } = useListProductReviewsQuery(
    { id: productId, filter, page: 1, pageSize: shown },
    { skip: !open },
  );
  const label = (option: ReviewFilter) => {
    const count = countOf(data?.counts, option);
    if (option === 'all') return t('detail.filterAll', { n: count });
    if (option === 'pics') return t('detail.filterPics', { n: count });
    return t('detail.filterScore', { score: option, n: count });
  };
  const choose = (option: ReviewFilter) => {
    setFilter(option);
    setShown(STEP);
  };
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="catalogue-reviews__popup">
      <div className="catalogue-reviews" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="catalogue-reviews__head">
          <h2 id={titleId} className="catalogue-reviews__title">
            {t('detail.ratings', { count: rating.count })}
          </h2>
          <CloseButton className="catalogue-reviews__close" onClose={onClose} />
        </header>
        <div className="catalogue-reviews__body">
          <RatingScores rating={rating} />
          <span id={filterId} className="catalogue-visually-hidden">
            {t('detail.filter')}
          </span>
          <div className="catalogue-reviews__filters" role="radiogroup" aria-labelledby={filterId}>
            {REVIEW_FILTERS.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={filter === option}
                className={`catalogue-chip catalogue-reviews__filter${filter === option ? ' catalogue-chip--on' : ''}`}
                onClick={() => choose(option)}
              >
                {label(option)}
              </button>
            ))}
          </div>
          {isError ? (
            <p className="catalogue-reviews__empty">{t('detail.reviewsFailed')}</p>
          ) : !data ? (
            <p className="catalogue-reviews__empty" role="status">
              {t('loading')}
            </p>
          ) : data.list.length === 0 ? (
            <p className="catalogue-reviews__empty">{t('detail.noReviews')}</p>
          ) : (
            <ul className="catalogue-reviews__list" aria-label={t('detail.comments')} aria-busy={isFetching}>
              {data.list.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
          )}
          {data && data.list.length < data.total && (
            <Button
              block
              fill="outline"
              className="catalogue-reviews__more"
              loading={isFetching}
              onClick={() => setShown((current) => current + STEP)}
            >
              {t('detail.moreReviews')}
            </Button>
          )}
        </div>
      </div>
    </Popup>
  );
}
