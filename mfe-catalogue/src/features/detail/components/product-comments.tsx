import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { useListProductReviewsQuery } from '../api';
import ReviewItem from './review-item';

const SHOWN = 3;

/**
 * The newest reviews under the rating summary, with their pictures, and "See all" under them (the same
 * reviews the rating counts); nothing at all while there are none.
 */
export default function ProductComments({ productId, onOpen }: { productId: number; onOpen: () => void }) {
  const { t } = useTranslation('catalogue');
  const { data } = useListProductReviewsQuery({ id: productId, filter: 'all', page: 1, pageSize: SHOWN });
  if (!data || data.list.length === 0) return null;
  return (
    <section className="catalogue-detail__card" aria-labelledby="catalogue-detail-comments">
      <h2 id="catalogue-detail-comments" className="catalogue-detail__heading">
        {t('detail.comments')}
      </h2>
      <ul className="catalogue-detail__comments">
        {data.list.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {data.total > data.list.length && (
        <Button block fill="outline" aria-haspopup="dialog" className="catalogue-detail__see-all" onClick={onOpen}>
          {t('detail.allReviews')}
        </Button>
      )}
    </section>
  );
}
