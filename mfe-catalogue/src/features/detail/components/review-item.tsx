import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, pictureUrl } from '@marketplace/shared';
import type { ProductComment } from '@marketplace/shared/contracts';
import '../../catalogue-common.css';
import './review-item.css';

const PictureViewer = lazy(() => import('./picture-viewer'));

const PIC_SIZE = 72;

/** A review as the list answers it: with the shop's one reply (null until it answers; modules/sellers). */
type ListedReview = ProductComment & { reply?: string | null };

/** One review: who and when, the three scores, the text, its pictures (full screen on a tap), the shop's reply. */
export default function ReviewItem({ review }: { review: ListedReview }) {
  const { t, i18n } = useTranslation('catalogue');
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <li className="catalogue-review">
      <p className="catalogue-review__head">
        <span>{review.author}</span>
        <span>{formatDate(review.createdAt, i18n.language)}</span>
      </p>
      <p className="catalogue-review__scores">
        {t('detail.commentScores', {
          product: review.productScore,
          service: review.serviceScore,
          postage: review.postageScore,
        })}
      </p>
      <p className="catalogue-review__content">{review.content}</p>
      {review.reply && (
        <p className="catalogue-review__reply">
          <strong>{t('detail.sellerReply')}</strong> {review.reply}
        </p>
      )}
      {review.pics.length > 0 && (
        <>
          <ul className="catalogue-wrap-list" aria-label={t('detail.reviewPictures', { author: review.author })}>
            {review.pics.map((src, index) => (
              <li key={src}>
                <button type="button" className="catalogue-review__pic" onClick={() => setViewing(index)}>
                  <img
                    src={pictureUrl(src, PIC_SIZE)}
                    alt={t('detail.reviewPicture', { index: index + 1, author: review.author })}
                    width={PIC_SIZE}
                    height={PIC_SIZE}
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
          {viewing !== null && (
            <Suspense fallback={null}>
              <PictureViewer images={review.pics} index={viewing} onClose={() => setViewing(null)} />
            </Suspense>
          )}
        </>
      )}
    </li>
  );
}
