import {
  formatMoney,
  parseMoney,
  type ProductStatus,
  type RefundBody,
  type RefundType,
} from '@marketplace/shared/contracts/core';
import type { FormProblem } from '@marketplace/shared';

/** The reasons a shopper picks from (requirements §7.3 keeps the reason as text: the chosen one's words are sent). */
export const REFUND_REASONS = [
  'notReceived',
  'damaged',
  'wrongItem',
  'notAsDescribed',
  'changedMind',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

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
 * The refund rules of requirements §7.3, in the order a shopper meets them (each problem names the
 * field the form marks): its combined text for a missing amount, reason or explanation; a negative amount; more than was paid; the proof.
 */
export const checkRefund = (
  orderId: number,
  paid: number,
  values: RefundFormValues,
): { body: RefundBody } | { problem: FormProblem } => {
  const amountText = values.amount.trim();
  const missing = [
    ['amount', amountText],
    ['reason', values.reason.trim()],
    ['explain', values.explain.trim()],
  ].find(([, text]) => !text);
  if (missing) return { problem: { path: [missing[0]!], message: 'orders:refund.fillRequired' } };
  if (amountText.startsWith('-')) return { problem: { path: ['amount'], message: 'err.refund.amountNegative' } };
  const refundAmount = parseMoney(amountText);
  if (refundAmount === null) return { problem: { path: ['amount'], message: 'err.refund.fillAmount' } };
  if (refundAmount > paid) {
    const messageValues = { amount: formatMoney(paid) };
    return { problem: { path: ['amount'], message: 'err.refund.amountTooLarge', messageValues } };
  }
  if (!values.productStatus)
    return { problem: { path: ['productStatus'], message: 'err.refund.productStatusRequired' } };
  const [attachment] = values.attachments;
  if (!attachment) return { problem: { path: ['proof'], message: 'err.refund.uploadProof' } };
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
