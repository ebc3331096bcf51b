import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, DotLoading, Form, TextArea, type ImageUploadItem } from 'antd-mobile';
import {
  ErrorPanel,
  outcomeOf,
  PageHeader,
  pictureUrl,
  textOf,
  toastSuccess,
  useSchemaForm,
} from '@marketplace/shared';
import { ImageUploadField } from '@marketplace/shared/upload';
import { commentBody, MAX_COMMENT_PICS, type OrderDetail } from '@marketplace/shared/contracts';
import { useGetOrderDetailQuery } from '../../orders/api';
import { useSubmitCommentMutation } from '../api';
import ScoreInput from './score-input';
import './comment.css';

const SCORES = ['productScore', 'serviceScore', 'postageScore'] as const;
type ScoreName = (typeof SCORES)[number];

/** The form's fields as antd-mobile holds them (the content is undefined until typed in). */
type CommentValues = Record<ScoreName, number> & { content?: string; pics: ImageUploadItem[] };

const INITIAL_VALUES: CommentValues = { productScore: 5, serviceScore: 5, postageScore: 5, pics: [] };

const CommentForm = ({ order }: { order: OrderDetail }) => {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const [submitComment, { isLoading }] = useSubmitCommentMutation();
  const [form] = Form.useForm<CommentValues>();
  const { parse, formProps } = useSchemaForm(form);

  const submit = async (values: CommentValues) => {
    const body = parse(commentBody, {
      orderId: order.id,
      content: textOf(values.content),
      productScore: values.productScore,
      serviceScore: values.serviceScore,
      postageScore: values.postageScore,
      pics: values.pics.map((pic) => pic.key).filter((key): key is string => typeof key === 'string'),
    });
    if (!body) return;
    if (!outcomeOf(await submitComment(body)).ok) return;
    toastSuccess({ key: 'errors:ok.submission' });
    navigate(`/orderInfo/${order.id}`, { replace: true });
  };

  const first = order.items[0];
  return (
    <Form
      {...formProps}
      className="comment-form"
      aria-label={t('title.comment')}
      initialValues={INITIAL_VALUES}
      onFinish={(values) => void submit(values)}
    >
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
        <Form.Item key={name} name={name} noStyle>
          <ScoreInput label={t(`comment.${name}`)} />
        </Form.Item>
      ))}
      <div className="comment-form__field">
        <label htmlFor="comment-content">{t('comment.content')}</label>
        <Form.Item name="content" noStyle>
          <TextArea
            id="comment-content"
            placeholder={t('comment.placeholder')}
            maxLength={1000}
            showCount
            autoSize={{ minRows: 3 }}
          />
        </Form.Item>
      </div>
      <div className="comment-form__field">
        <span>{t('comment.pics')}</span>
        <Form.Item name="pics" noStyle>
          <ImageUploadField label={t('comment.pics')} maxCount={MAX_COMMENT_PICS} />
        </Form.Item>
      </div>
      <Button block type="submit" color="primary" size="large" loading={isLoading}>
        {t('comment.submit')}
      </Button>
    </Form>
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
