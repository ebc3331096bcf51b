import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, DotLoading, TextArea, type ImageUploadItem } from 'antd-mobile';
import { ErrorPanel, PageHeader, pictureUrl, toastFail, toastSuccess } from '@marketplace/shared';
import { ImageUploadField } from '@marketplace/shared/upload';
import { MAX_COMMENT_PICS, type OrderDetail } from '@marketplace/shared/contracts';
import { useGetOrderDetailQuery } from '../../orders/api';
import { useSubmitCommentMutation } from '../api';
import ScoreInput from './score-input';
import './comment.css';

const SCORES = ['productScore', 'serviceScore', 'postageScore'] as const;
type ScoreName = (typeof SCORES)[number];

const CommentForm = ({ order }: { order: OrderDetail }) => {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const [submitComment, { isLoading }] = useSubmitCommentMutation();
  const [content, setContent] = useState('');
  const [scores, setScores] = useState<Record<ScoreName, number>>({
    productScore: 5,
    serviceScore: 5,
    postageScore: 5,
  });
  const [pics, setPics] = useState<ImageUploadItem[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      toastFail({ key: 'errors:err.comment.contentEmpty' });
      return;
    }
    const result = await submitComment({
      orderId: order.id,
      content: content.trim(),
      ...scores,
      pics: pics.map((pic) => pic.key).filter((key): key is string => typeof key === 'string'),
    });
    if (result.error) return;
    toastSuccess({ key: 'errors:ok.submission' });
    navigate(`/orderInfo/${order.id}`, { replace: true });
  };

  const first = order.items[0];
  return (
    <form className="comment-form" aria-label={t('title.comment')} onSubmit={(event) => void submit(event)}>
      {first && (
        <div className="comment-form__product">
          <img src={pictureUrl(first.image, 56)} alt="" width={56} height={56} />
          <div>
            <p>{first.title}</p>
            <p className="comment-form__meta">
              {order.shopName} · {t('card.orderNo', { orderNo: order.orderNo })}
            </p>
          </div>
        </div>
      )}
      {SCORES.map((name) => (
        // i18n-keys: comment.productScore, comment.serviceScore, comment.postageScore
        <ScoreInput
          key={name}
          label={t(`comment.${name}`)}
          value={scores[name]}
          onChange={(value) => setScores((current) => ({ ...current, [name]: value }))}
        />
      ))}
      <div className="comment-form__field">
        <label htmlFor="comment-content">{t('comment.content')}</label>
        <TextArea
          id="comment-content"
          value={content}
          onChange={setContent}
          placeholder={t('comment.placeholder')}
          maxLength={1000}
          showCount
          autoSize={{ minRows: 3 }}
        />
      </div>
      <div className="comment-form__field">
        <span>{t('comment.pics')}</span>
        <ImageUploadField label={t('comment.pics')} value={pics} onChange={setPics} maxCount={MAX_COMMENT_PICS} />
      </div>
      <Button block type="submit" color="primary" size="large" loading={isLoading}>
        {t('comment.submit')}
      </Button>
    </form>
  );
};

const parseId = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

/** `/comment?order=<id>`: the review of one received order (one per order). */
export default function CommentScreen() {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const id = parseId(params.get('order'));
  const { data, isLoading, isError } = useGetOrderDetailQuery(id ?? 0, { skip: id === null });

  return (
    <div className="comment">
      <PageHeader title={t('title.comment')} />
      {(id === null || isError) && <ErrorPanel title={t('detail.notFound')} />}
      {isLoading && (
        <div role="status" aria-label={t('detail.loading')}>
          <DotLoading />
        </div>
      )}
      {data && <CommentForm order={data} />}
    </div>
  );
}
