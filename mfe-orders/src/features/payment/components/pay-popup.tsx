import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Popup } from 'antd-mobile';
import { Money, toastFail, toastSuccess } from '@marketplace/shared';
import { paymentCodeField, type VerifyPayFailure } from '@marketplace/shared/contracts';
import { usePayOrdersMutation } from '../api';
import './pay-popup.css';

export interface PayRequest {
  orderIds: number[];
  total: number;
}

interface PayPopupProps {
  request: PayRequest | null;
  onPaid: () => void;
  onClose: () => void;
  onNoPaymentCode: () => void;
}

const failureOf = (data: unknown): VerifyPayFailure | null =>
  typeof data === 'object' && data !== null && typeof (data as { reason?: unknown }).reason === 'string'
    ? (data as VerifyPayFailure)
    : null;

/** The payment-code popup: the amount, a digits-only password field and Pay. */
export default function PayPopup({ request, onPaid, onClose, onNoPaymentCode }: PayPopupProps) {
  const { t } = useTranslation(['orders', 'common']);
  const [payOrders, { isLoading }] = usePayOrdersMutation();
  const [code, setCode] = useState('');
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);

  const close = () => {
    setCode('');
    setAttemptsLeft(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request || isLoading) return;
    if (!paymentCodeField.safeParse(code).success) {
      toastFail({ key: 'errors:err.paymentCodeFormat' });
      return;
    }
    const result = await payOrders({ orderIds: request.orderIds, paymentCode: code });
    setCode('');
    if (!result.error) {
      setAttemptsLeft(null);
      toastSuccess(result.data.msg || { key: 'errors:ok.orders.pay' });
      onPaid();
      return;
    }
    // The base query has toasted the server's message ("Pay Fail", the lock); this decides what next.
    const failure = failureOf('data' in result.error ? result.error.data?.data : undefined);
    if (failure?.reason === 'WRONG_PAYMENT_CODE') setAttemptsLeft(failure.attemptsLeft);
    else if (failure?.reason === 'PAYMENT_CODE_NOT_SET') {
      setAttemptsLeft(null);
      onNoPaymentCode();
    } else if (failure?.reason === 'PAYMENT_LOCKED') close();
  };

  return (
    <Popup visible={request !== null} onMaskClick={close} onClose={close} destroyOnClose>
      <form className="pay-popup" aria-label={t('pay.title')} onSubmit={(event) => void submit(event)}>
        <header className="pay-popup__header">
          <h2 className="pay-popup__title">{t('pay.title')}</h2>
          <button type="button" className="pay-popup__close" aria-label={t('common:close')} onClick={close}>
            ×
          </button>
        </header>
        <p className="pay-popup__amount">
          {t('pay.amount')} <Money cents={request?.total ?? 0} />
        </p>
        <label className="pay-popup__label" htmlFor="pay-popup-code">
          {t('pay.paymentCode')}
        </label>
        <Input
          id="pay-popup-code"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, ''))}
          placeholder={t('pay.placeholder')}
        />
        {attemptsLeft !== null && (
          <p className="pay-popup__hint" role="alert">
            {t('pay.attemptsLeft', { count: attemptsLeft })}
          </p>
        )}
        <Button block type="submit" color="primary" size="large" loading={isLoading}>
          {t('pay.submit')}
        </Button>
      </form>
    </Popup>
  );
}
