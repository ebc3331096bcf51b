import { z } from 'zod';
import { bodyIdField, ORDER_STATUS_TABS, pageQuerySchema, type OrderSummary } from '@marketplace/shared/contracts';

export type { OrderSummary } from '@marketplace/shared/contracts';

/** An order of `order_list`: the shared summary and its shipping state (the card says "Shipped" until delivered). */
export type OrderListItem = OrderSummary & {
  carrier: string | null;
  trackingNo: string | null;
  /** When the carrier's delivery was recorded; null until then. */
  deliveredAt: string | null;
};

/** Order status filter values of requirements §7.1 (-3 is "refund in progress"). */
export const orderListQuery = pageQuerySchema.extend({
  status: z.enum(ORDER_STATUS_TABS, 'err.invalidField').default('all'),
});

export const shipBody = z.object({
  id: bodyIdField('err.order.notFound'),
  carrier: z.string('err.admin.carrierRequired').trim().min(1, 'err.admin.carrierRequired').max(64),
  trackingNo: z.string('err.admin.carrierRequired').trim().min(1, 'err.admin.carrierRequired').max(64),
});
