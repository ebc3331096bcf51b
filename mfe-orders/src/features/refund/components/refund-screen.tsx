import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, DotLoading, Input, TextArea, type ImageUploadItem } from 'antd-mobile';
import { ErrorPanel, Money, PageHeader, pictureUrl, toastFail, toastSuccess } from '@marketplace/shared';
import { ImageUploadField } from '@marketplace/shared/upload';
import {
  MAX_REFUND_PICS,
  PRODUCT_STATUSES,
  REFUND_TYPES,
  type OrderDetail,
  type ProductStatus,
  type RefundType,
} from '@marketplace/shared/contracts';
import { useGetOrderDetailQuery } from '../../orders/api';
import { useSubmitRefundMutation } from '../api';
import { checkRefund } from '../refund-form';
import { refundPrefill } from '../refund-prefill';
import ChoiceGroup from './choice-group';
import './refund.css';

const parseId = (value: string | undefined): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

const RefundForm = ({ order }: { order: OrderDetail }) => {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const params = useParams();
  const [prefill] = useState(() => refundPrefill(order, params.product_ids, params.amount));
  const [submitRefund, { isLoading }] = useSubmitRefundMutation();
  const [refundType, setRefundType] = useState<RefundType>('refund');
  const [productStatus, setProductStatus] = useState<ProductStatus | null>(null);
  const [amount, setAmount] = useState(prefill.amount);
  const [reason, setReason] = useState('');
  const [explain, setExplain] = useState('');
  const [proof, setProof] = useState<ImageUploadItem[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRefund(order.id, order.total, {
      refundType,
      productStatus,
      amount,
      reason,
      explain,
      attachments: proof.flatMap((item) => (typeof item.key === 'string' ? [item.key] : [])),
    });
    if ('problem' in checked) {
      toastFail(checked.problem);
      return;
    }
    const result = await submitRefund(checked.body);
    if (result.error) return;
    toastSuccess({ key: 'errors:ok.submission' });
    navigate('/myPurchases/-3', { replace: true });
  };

  // i18n-keys: refund.types.refund, refund.types.return
  // i18n-keys: refund.productStatuses.received, refund.productStatuses.notReceived
  return (
    <form className="refund-form" aria-label={t('title.refund')} onSubmit={(event) => void submit(event)}>
      <p className="refund-form__order">
        {t('card.orderNo', { orderNo: order.orderNo })} · {t('refund.paid')} <Money cents={order.total} />
      </p>
      <section className="refund-form__products" aria-label={t('refund.products')}>
        <h2 className="refund-form__heading">{t('refund.products')}</h2>
        <ul>
          {prefill.items.map((item) => (
            <li key={`${item.productId}-${JSON.stringify(item.spec)}`}>
              <img src={pictureUrl(item.image, 48)} alt="" width={48} height={48} />
              <span className="refund-form__product-title">{item.title}</span>
              <span>
                <Money cents={item.unitPrice} /> × {item.quantity}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <ChoiceGroup
        legend={t('refund.type')}
        options={REFUND_TYPES}
        value={refundType}
        labelOf={(type) => t(`refund.types.${type}`)}
        onChange={setRefundType}
      />
      <div className="refund-form__field">
        <label htmlFor="refund-amount">{t('refund.amount')}</label>
        <Input id="refund-amount" inputMode="decimal" value={amount} onChange={setAmount} />
      </div>
      <ChoiceGroup
        legend={t('refund.productStatus')}
        options={PRODUCT_STATUSES}
        value={productStatus}
        labelOf={(status) => t(`refund.productStatuses.${status}`)}
        onChange={setProductStatus}
      />
      <div className="refund-form__field">
        <label htmlFor="refund-reason">{t('refund.reason')}</label>
        <Input id="refund-reason" value={reason} onChange={setReason} maxLength={200} />
      </div>
      <div className="refund-form__field">
        <label htmlFor="refund-explain">{t('refund.explain')}</label>
        <TextArea id="refund-explain" value={explain} onChange={setExplain} maxLength={1000} autoSize />
      </div>
      <div className="refund-form__field">
        <span>
          {t('refund.proof')}{' '}
          <span className="refund-form__hint">{t('refund.proofHint', { max: MAX_REFUND_PICS })}</span>
        </span>
        <ImageUploadField label={t('refund.proof')} value={proof} onChange={setProof} maxCount={MAX_REFUND_PICS} />
      </div>
      <Button block type="submit" color="primary" size="large" loading={isLoading}>
        {t('refund.submit')}
      </Button>
    </form>
  );
};

/**
 * `/refund/:id?/:sn?/:product_ids?/:amount?`: the refund request of one order (one per order), starting
 * from the products and the amount (cents) its route names.
 */
export default function RefundScreen() {
  const { t } = useTranslation('orders');
  const id = parseId(useParams().id);
  const { data, isLoading, isError } = useGetOrderDetailQuery(id ?? 0, { skip: id === null });

  return (
    <div className="refund">
      <PageHeader title={t('title.refund')} />
      {(id === null || isError) && <ErrorPanel title={t('detail.notFound')} />}
      {isLoading && (
        <div role="status" aria-label={t('detail.loading')}>
          <DotLoading />
        </div>
      )}
      {data && <RefundForm order={data} />}
    </div>
  );
}
