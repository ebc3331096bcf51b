import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Form, Input, TextArea, type ImageUploadItem } from 'antd-mobile';
import { Money, outcomeOf, pictureUrl, textOf, toastSuccess, useSchemaForm } from '@marketplace/shared';
import { ImageUploadField } from '@marketplace/shared/upload';
import {
  MAX_REFUND_PICS,
  PRODUCT_STATUSES,
  REFUND_TYPES,
  type OrderDetail,
  type ProductStatus,
  type RefundType,
} from '@marketplace/shared/contracts';
import { LabelledField, OrderPage, orderIdOf } from '../../orders';
import { useSubmitRefundMutation } from '../api';
import { checkRefund, REFUND_REASONS, type RefundReason } from '../refund-form';
import { refundPrefill } from '../refund-prefill';
import ChoiceGroup from './choice-group';
import './refund.css';

/** The form's fields as antd-mobile holds them (untouched text fields are undefined). */
interface RefundValues {
  refundType: RefundType;
  productStatus: ProductStatus | null;
  amount?: string;
  /** One of the listed reasons; "other" takes the shopper's own words (`reasonOther`). */
  reasonChoice?: RefundReason | null;
  reasonOther?: string;
  explain?: string;
  proof: ImageUploadItem[];
}

const TEXT_FIELDS = ['amount', 'reason', 'explain'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** The field each form value belongs to, for clearing its mark when it changes. */
const FIELD_OF: Record<string, TextField | undefined> = {
  amount: 'amount',
  reasonChoice: 'reason',
  reasonOther: 'reason',
  explain: 'explain',
};

const RefundForm = ({ order }: { order: OrderDetail }) => {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const params = useParams();
  const [prefill] = useState(() => refundPrefill(order, params.product_ids, params.amount));
  const [submitRefund, { isLoading }] = useSubmitRefundMutation();
  const [form] = Form.useForm<RefundValues>();
  const { report, formProps } = useSchemaForm(form);
  const [marks, setMarks] = useState<Partial<Record<TextField, string>>>({});
  const [reasonChoice, setReasonChoice] = useState<RefundReason | null>(null);

  const submit = async (values: RefundValues) => {
    // The server keeps the reason as text (requirements §7.3): the chosen reason's words, or the shopper's own.
    const choice = values.reasonChoice;
    const reason = !choice ? '' : choice === 'other' ? textOf(values.reasonOther) : t(`refund.reasons.${choice}`);
    const texts: Record<TextField, string> = { amount: textOf(values.amount), reason, explain: textOf(values.explain) };
    const checked = checkRefund(order.id, order.total, {
      refundType: values.refundType,
      productStatus: values.productStatus,
      ...texts,
      attachments: values.proof.flatMap((item) => (typeof item.key === 'string' ? [item.key] : [])),
    });
    if ('problem' in checked) {
      report(checked.problem);
      // The requirements' one sentence for the missing fields (requirements §7.3) beside the first of them,
      // and every other one marked too.
      if (checked.problem.message === 'orders:refund.fillRequired') {
        const empty = TEXT_FIELDS.filter((name) => !texts[name].trim());
        setMarks(
          Object.fromEntries(empty.map((name, n) => [name, t(n === 0 ? 'refund.fillRequired' : 'refund.required')])),
        );
      }
      return;
    }
    if (!outcomeOf(await submitRefund(checked.body)).ok) return;
    toastSuccess({ key: 'errors:ok.submission' });
    navigate('/myPurchases/-3', { replace: true });
  };

  // i18n-keys: refund.types.refund, refund.types.return
  // i18n-keys: refund.productStatuses.received, refund.productStatuses.notReceived
  // i18n-keys: refund.reasons.notReceived, refund.reasons.damaged, refund.reasons.wrongItem
  // i18n-keys: refund.reasons.notAsDescribed, refund.reasons.changedMind, refund.reasons.other
  return (
    <Form
      {...formProps}
      onValuesChange={(changed: Record<string, unknown>) => {
        formProps.onValuesChange(changed);
        if ('reasonChoice' in changed) setReasonChoice(changed.reasonChoice as RefundReason);
        setMarks((current) => {
          const left = { ...current };
          for (const name of Object.keys(changed)) {
            const field = FIELD_OF[name];
            if (field) delete left[field];
          }
          return left;
        });
      }}
      className="refund-form"
      aria-label={t('title.refund')}
      initialValues={{
        refundType: 'refund',
        productStatus: null,
        reasonChoice: null,
        amount: prefill.amount,
        proof: [],
      }}
      onFinish={(values) => void submit(values)}
    >
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
      <Form.Item name="refundType" noStyle>
        <ChoiceGroup
          legend={t('refund.type')}
          options={REFUND_TYPES}
          labelOf={(type: RefundType) => t(`refund.types.${type}`)}
        />
      </Form.Item>
      <LabelledField
        className="refund-form__field"
        name="amount"
        label={t('refund.amount')}
        htmlFor="refund-amount"
        error={marks.amount}
      >
        <Input id="refund-amount" inputMode="decimal" />
      </LabelledField>
      <Form.Item name="productStatus" noStyle>
        <ChoiceGroup
          legend={t('refund.productStatus')}
          options={PRODUCT_STATUSES}
          labelOf={(status: ProductStatus) => t(`refund.productStatuses.${status}`)}
        />
      </Form.Item>
      <Form.Item name="reasonChoice" noStyle>
        <ChoiceGroup
          legend={t('refund.reason')}
          options={REFUND_REASONS}
          labelOf={(reason: RefundReason) => t(`refund.reasons.${reason}`)}
          error={marks.reason}
        >
          {reasonChoice === 'other' && (
            <div className="refund-form__other">
              <label htmlFor="refund-reason-other">{t('refund.otherReason')}</label>
              <Form.Item name="reasonOther" noStyle>
                <Input id="refund-reason-other" maxLength={200} aria-required="true" />
              </Form.Item>
            </div>
          )}
        </ChoiceGroup>
      </Form.Item>
      <LabelledField
        className="refund-form__field"
        name="explain"
        label={t('refund.explain')}
        htmlFor="refund-explain"
        error={marks.explain}
      >
        <TextArea id="refund-explain" maxLength={1000} autoSize />
      </LabelledField>
      <LabelledField
        className="refund-form__field"
        name="proof"
        label={
          <>
            {t('refund.proof')}{' '}
            <span className="refund-form__hint">{t('refund.proofHint', { max: MAX_REFUND_PICS })}</span>
          </>
        }
      >
        <ImageUploadField label={t('refund.proof')} maxCount={MAX_REFUND_PICS} />
      </LabelledField>
      <Button block type="submit" color="primary" size="large" loading={isLoading}>
        {t('refund.submit')}
      </Button>
    </Form>
  );
};

/**
 * `/refund/:id?/:sn?/:product_ids?/:amount?`: the refund request of one order (one per order), starting
 * from the products and the amount (cents) its route names.
 */
export default function RefundScreen() {
  const { t } = useTranslation('orders');
  return (
    <OrderPage className="refund" title={t('title.refund')} id={orderIdOf(useParams().id)}>
      {(order) => <RefundForm order={order} />}
    </OrderPage>
  );
}
