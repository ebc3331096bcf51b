import { z } from 'zod';
import { bodyIdField } from '@marketplace/shared/contracts';

export { shipBody } from '../orders/orders.schemas';

export const adminOrderIdBody = z.object({ id: bodyIdField('err.order.notFound') });

export const refundDecisionBody = z.object({
  orderId: bodyIdField('err.order.notFound'),
  agree: z.boolean('err.invalidField'),
  reason: z.string().trim().max(500).default(''),
});

/** Signed integer cents; the account names the shopper (operators know accounts, not ids). */
export const balanceAdjustBody = z.object({
  account: z.string('err.admin.userNotFound').trim().min(1, 'err.admin.userNotFound').max(64),
  amount: z
    .number('err.admin.adjustZero')
    .int('err.admin.adjustZero')
    .refine((value) => value !== 0, 'err.admin.adjustZero')
    .refine((value) => Math.abs(value) <= 100_000_000_00, 'err.invalidField'),
  reason: z.string('err.admin.adjustReason').trim().min(1, 'err.admin.adjustReason').max(500),
});
