import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money, toastSuccess } from '@marketplace/shared';
import { PaymentCodePopup } from '@marketplace/shared/payment';
import { paymentFailureOf } from '@marketplace/shared/contracts';
import { useGetUserInfoQuery, usePayOrdersMutation } from '../api';

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

/** Paying orders with the payment code: the amount, the code and Pay. */
export default function PayPopup({ request, onPaid, onClose, onNoPaymentCode }: PayPopupProps) {
  const { t } = useTranslation(['orders', 'common']);
  const [payOrders, { isLoading }] = usePayOrdersMutation();
  const { data: user } = useGetUserInfoQuery(undefined, { skip: request === null });
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);

  const close = () => {
    setAttemptsLeft(null);
    onClose();
  };

  const pay = async (paymentCode: string) => {
    if (!request) return;
    const result = await payOrders({ orderIds: request.orderIds, paymentCode });
    if (!result.error) {
      setAttemptsLeft(null);
      toastSuccess(result.data.msg || { key: 'errors:ok.orders.pay' });
      onPaid();
      return;
    }
    // The base query has toasted the server's message ("Pay Fail", the lock); this decides what next.
    const failure = paymentFailureOf('data' in result.error ? result.error.data?.data : undefined);
    if (failure?.reason === 'WRONG_PAYMENT_CODE') setAttemptsLeft(failure.attemptsLeft);
    else if (failure?.reason === 'PAYMENT_CODE_NOT_SET') {
      setAttemptsLeft(null);
      onNoPaymentCode();
    } else if (failure?.reason === 'PAYMENT_LOCKED') close();
  };

  return (
    <PaymentCodePopup
      open={request !== null}
      title={t('pay.title')}
      summary={
        <>
          {t('pay.amount')} <Money cents={request?.total ?? 0} />
        </>
      }
      balance={user?.balance}
      codeLabel={t('pay.paymentCode')}
      placeholder={t('pay.placeholder')}
      payLabel={t('pay.submit')}
      attemptsLeftText={attemptsLeft === null ? null : t('pay.attemptsLeft', { count: attemptsLeft })}
      busy={isLoading}
      onPay={(code) => void pay(code)}
      onClose={close}
    />
  );
}
