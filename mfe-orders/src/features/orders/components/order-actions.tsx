import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Dialog } from 'antd-mobile';
import { toastSuccess } from '@marketplace/shared';
import type { OrderAction } from '@marketplace/shared/contracts';
import { PAYMENT_CODE_PATH, payResultPath, usePayOrders, type PayOutcome } from '../../payment';
import { useCancelOrderMutation, useConfirmOrderReceiptMutation } from '../api';
import './order-actions.css';

interface ActionableOrder {
  id: number;
  orderNo: string;
  total: number;
  actions: OrderAction[];
  /** Products of the order, when known (the detail); the refund screen reads the rest itself. */
  productIds?: number[];
}

interface OrderActionsProps {
  order: ActionableOrder;
  /** After the order changed (paid, cancelled, received), for screens that hold their own copy. */
  onChanged?: () => void;
  showDetails?: boolean;
}

/** The buttons an order offers now; which ones is the server's state machine's answer (`actions`). */
export default function OrderActions({ order, onChanged = () => undefined, showDetails = false }: OrderActionsProps) {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  const { pay, payPopup } = usePayOrders();
  const [cancelOrder, cancelling] = useCancelOrderMutation();
  const [confirmReceipt, confirming] = useConfirmOrderReceiptMutation();
  const has = (action: OrderAction) => order.actions.includes(action);

  const confirmThen = async (content: string, run: () => Promise<{ data?: { msg: string }; error?: unknown }>) => {
    const yes = await Dialog.confirm({
      'aria-label': content,
      content,
      confirmText: t('common:confirm'),
      cancelText: t('common:cancel'),
    });
    if (!yes) return;
    const result = await run();
    if (result.error || !result.data) return;
    toastSuccess(result.data.msg || { key: 'errors:ok.success' });
    onChanged();
  };

  const afterPay = (outcome: PayOutcome) => {
    if (outcome === 'paid') {
      onChanged();
      navigate(payResultPath([order.id]));
    } else if (outcome === 'setPaymentCode') navigate(PAYMENT_CODE_PATH);
  };

  const refundPath = () => {
    const tail = order.productIds ? `/${order.productIds.join(',')}/${order.total}` : '';
    return `/refund/${order.id}/${encodeURIComponent(order.orderNo)}${tail}`;
  };

  return (
    <div className="orders-actions">
      {showDetails && (
        <Link className="orders-actions__link" to={`/orderInfo/${order.id}`}>
          {t('action.details')}
        </Link>
      )}
      {has('cancel') && (
        <Button
          size="small"
          loading={cancelling.isLoading}
          onClick={() => void confirmThen(t('confirm.cancel'), () => cancelOrder(order.id))}
        >
          {t('action.cancel')}
        </Button>
      )}
      {has('refund') && (
        <Button size="small" onClick={() => navigate(refundPath())}>
          {t('action.refund')}
        </Button>
      )}
      {has('comment') && (
        <Button size="small" onClick={() => navigate(`/comment?order=${order.id}`)}>
          {t('action.comment')}
        </Button>
      )}
      {has('confirm') && (
        <Button
          size="small"
          color="primary"
          loading={confirming.isLoading}
          onClick={() => void confirmThen(t('confirm.received'), () => confirmReceipt(order.id))}
        >
          {t('action.confirm')}
        </Button>
      )}
      {has('pay') && (
        <Button size="small" color="primary" onClick={() => void pay([order.id], order.total).then(afterPay)}>
          {t('action.pay')}
        </Button>
      )}
      {payPopup}
    </div>
  );
}
