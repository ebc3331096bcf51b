import { formatDate } from '@marketplace/shared';
import { useTranslation } from 'react-i18next';
import { useListProductCommentsQuery } from '../../products/api';

const SHOWN = 5;

/** The newest reviews under the rating summary; nothing at all while there are none. */
export default function ProductComments({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation('catalogue');
  const { data } = useListProductCommentsQuery({ id: productId, page: 1, pageSize: SHOWN });
  if (!data || data.list.length === 0) return null;
  return (
    <section className="catalogue-detail__card" aria-labelledby="catalogue-detail-comments">
      <h2 id="catalogue-detail-comments" className="catalogue-detail__heading">
        {t('detail.comments')}
      </h2>
      <ul className="catalogue-detail__comments">
        {data.list.map((comment) => (
          <li key={comment.id}>
            <p className="catalogue-detail__comment-head">
              <span>{comment.author}</span>
              <span>{formatDate(comment.createdAt, i18n.language)}</span>
            </p>
            <p className="catalogue-detail__comment-scores">
              {t('detail.commentScores', {
                product: comment.productScore,
                service: comment.serviceScore,
                postage: comment.postageScore,
              })}
            </p>
            <p className="catalogue-detail__description">{comment.content}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
