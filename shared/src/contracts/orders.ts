import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/**
 * Order status values of spec section 4, in the order of the order-list tabs. The spec shows
 * no number for "refund in progress"; -3 is the one gap in its sequence.
 */
export const ORDER_STATUS_TABS = ['all', '0', '1', '2', '3', '4', '-1', '-3', '-2', '-4'] as const;
export type OrderStatusTab = (typeof ORDER_STATUS_TABS)[number];
export const OrderStatus = {
  WAITING_PAY: 0,
  WAITING_DELIVERY: 1,
  DELIVERED: 2,
  RECEIVED: 3,
  COMPLETED: 4,
  CANCELLED: -1,
  REFUNDED: -2,
  REFUND_IN_PROGRESS: -3,
  IN_AFTER_SALE: -4,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const isOrderStatusTab = (value: unknown): value is OrderStatusTab =>
  typeof value === 'string' && (ORDER_STATUS_TABS as readonly string[]).includes(value);

/** `GET /api/user/order_list` query. */
export const orderListQuery = pageQuerySchema.extend({ status: z.enum(ORDER_STATUS_TABS).default('all') });
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** One row of the order list. Money is integer cents. */
export interface OrderSummary {
  id: number;
  orderNo: string;
  status: OrderStatus;
  shopName: string;
  /** Title of the first product; the card says how many more there are. */
  productTitle: string;
  productImage: string | null;
  quantity: number;
  total: number;
  createdAt: string;
}
