import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Form, TextArea, type ImageUploadItem } from 'antd-mobile';
import { outcomeOf, pictureUrl, textOf, toastSuccess, useSchemaForm } from '@marketplace/shared';
import { ImageUploadField } from '@marketplace/shared/upload';
import { commentBody, MAX_COMMENT_PICS, type OrderDetail } from '@marketplace/shared/contracts';
import { LabelledField, OrderPage, orderIdOf } from '../../orders';
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
      <LabelledField
        className="comment-form__field"
        name="content"
        label={t('comment.content')}
        htmlFor="comment-content"
      >
        <TextArea
          id="comment-content"
          placeholder={t('comment.placeholder')}
          maxLength={1000}
          showCount
          autoSize={{ minRows: 3 }}
        />
      </LabelledField>
      <LabelledField className="comment-form__field" name="pics" label={t('comment.pics')}>
        <ImageUploadField label={t('comment.pics')} maxCount={MAX_COMMENT_PICS} />
      </LabelledField>
      <Button block type="submit" color="primary" size="large" loading={isLoading}>
        {t('comment.submit')}
      </Button>
    </Form>
  );
};

/** `/comment?order=<id>`: the review of one received order (one per order). */
export default function CommentScreen() {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  return (
    <OrderPage className="comment" title={t('title.comment')} id={orderIdOf(params.get('order'))}>
      {(order) => <CommentForm order={order} />}
    </OrderPage>
  );
}
