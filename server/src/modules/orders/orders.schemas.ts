import { z } from 'zod';
import { pageQuerySchema } from '@marketplace/shared/contracts';

/** Spec section 4 filter values; -3 is our value for "refund in progress" (the spec leaves it open). */
export const ORDER_STATUS_FILTERS = ['all', '0', '1', '2', '3', '4', '-1', '-2', '-3', '-4'] as const;

export const orderListQuery = pageQuerySchema.extend({
  status: z.enum(ORDER_STATUS_FILTERS, 'err.invalidField').default('all'),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** One row of `order_list`. Money is integer cents. */
export interface OrderSummary {
  id: number;
  orderNo: string;
  shopName: string;
  status: number;
  total: number;
  createdAt: string;
}
