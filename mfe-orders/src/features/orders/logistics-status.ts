import { OrderStatus, type OrderSummary } from '@marketplace/shared/contracts';

/**
 * An order of `order_list` with its shipping state: the server answers who carries it, its tracking
 * number and when its delivery was recorded beside the shared summary's fields.
 */
export type OrderListItem = OrderSummary & {
  carrier?: string | null;
  trackingNo?: string | null;
  deliveredAt?: string | null;
};

/**
 * The status an order card or header names. Status 2 keeps the requirements' name ("Delivered",
 * requirements §4) on its tab, but an order in it is only on its way until the carrier's delivery is
 * recorded: until then it reads "Shipped" (with the carrier and tracking number beside it).
 */
export const statusKey = (status: OrderStatus, delivered: boolean): string =>
  // i18n-keys: status.0, status.1, status.2, status.3, status.4, status.-1, status.-2, status.-3, status.-4, status.shipped
  status === OrderStatus.DELIVERED && !delivered ? 'status.shipped' : `status.${status}`;
