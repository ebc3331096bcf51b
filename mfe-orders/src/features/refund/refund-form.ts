import {
  formatMoney,
  parseMoney,
  type ProductStatus,
  type RefundBody,
  type RefundType,
} from '@marketplace/shared/contracts/core';
import type { ToastText } from '@marketplace/shared';

interface RefundFormValues {
  refundType: RefundType;
  productStatus: ProductStatus | null;
  amount: string;
  reason: string;
  explain: string;
  /** Upload ids of the proof pictures uploaded so far, in order (1..MAX_REFUND_PICS are sent). */
  attachments: string[];
}

/**
 * The refund rules of requirements §7.3, in the order a shopper meets them: its combined
 * text for a missing amount, reason or explanation; a negative amount; more than was paid; the proof.
 */
export const checkRefund = (
  orderId: number,
  paid: number,
  values: RefundFormValues,
): { body: RefundBody } | { problem: ToastText } => {
  const amountText = values.amount.trim();
  if (!amountText || !values.reason.trim() || !values.explain.trim()) {
    return { problem: { key: 'orders:refund.fillRequired' } };
  }
  if (amountText.startsWith('-')) return { problem: { key: 'errors:err.refund.amountNegative' } };
  const refundAmount = parseMoney(amountText);
  if (refundAmount === null) return { problem: { key: 'errors:err.refund.fillAmount' } };
  if (refundAmount > paid) {
    return { problem: { key: 'errors:err.refund.amountTooLarge', values: { amount: formatMoney(paid) } } };
  }
  if (!values.productStatus) return { problem: { key: 'errors:err.refund.productStatusRequired' } };
  const [attachment] = values.attachments;
  if (!attachment) return { problem: { key: 'errors:err.refund.uploadProof' } };
  return {
    body: {
      orderId,
      refundType: values.refundType,
      refundAmount,
      productStatus: values.productStatus,
      reason: values.reason.trim(),
      explain: values.explain.trim(),
      // The original one `attachment` (the first picture) and the whole list.
      attachment,
      attachments: values.attachments,
    },
  };
};
