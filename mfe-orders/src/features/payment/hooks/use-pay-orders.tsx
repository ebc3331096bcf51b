import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'antd-mobile';
import { links, selectUserInfo, useAppSelector } from '@marketplace/shared';
import PayPopup, { type PayRequest } from '../components/pay-popup';

/** How a payment ended: paid, closed unpaid, or the shopper chose to go and set a payment code. */
export type PayOutcome = 'paid' | 'closed' | 'setPaymentCode';

/** The payment result screen of these orders ("Pay Success", the balance left, what next). */
export const payResultPath = (orderIds: number[]) => `/payResult/${orderIds.join(',')}`;

/** Where a payment code is set (account remote). */
export const PAYMENT_CODE_PATH = links.paymentCode();

/**
 * Paying from any screen: `pay(orderIds, total)` opens the payment-code popup. With no payment
 * code set it asks to go to settings instead; the caller navigates, since where "back" should lead
 * afterwards depends on the screen.
 */
export const usePayOrders = () => {
  const { t } = useTranslation(['orders', 'common']);
  const user = useAppSelector(selectUserInfo);
  const [request, setRequest] = useState<PayRequest | null>(null);
  const settle = useRef<(outcome: PayOutcome) => void>(() => undefined);

  const askToSetCode = useCallback(
    async (): Promise<PayOutcome> =>
      (await Dialog.confirm({
        'aria-label': t('pay.noCodeTitle'),
        title: t('pay.noCodeTitle'),
        content: t('pay.noCode'),
        confirmText: t('pay.setCode'),
        cancelText: t('common:cancel'),
      }))
        ? 'setPaymentCode'
        : 'closed',
    [t],
  );

  const pay = useCallback(
    async (orderIds: number[], total: number): Promise<PayOutcome> => {
      if (user && !user.hasPaymentCode) return askToSetCode();
      return new Promise<PayOutcome>((resolve) => {
        settle.current = resolve;
        setRequest({ orderIds, total });
      });
    },
    [askToSetCode, user],
  );

  const finish = (outcome: PayOutcome) => {
    setRequest(null);
    settle.current(outcome);
  };

  const payPopup = (
    <PayPopup
      request={request}
      onPaid={() => finish('paid')}
      onClose={() => finish('closed')}
      onNoPaymentCode={() => {
        setRequest(null);
        void askToSetCode().then((outcome) => settle.current(outcome));
      }}
    />
  );

  return { pay, payPopup };
};
