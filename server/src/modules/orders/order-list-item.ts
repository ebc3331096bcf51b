import type { OrderStatus } from '@marketplace/shared/contracts';
import { shopperActions } from './order-state-machine';
import type { OrdersRepository } from './orders.repository';
import type { OrderListItem } from './orders.schemas';

type ListRow = Awaited<ReturnType<OrdersRepository['list']>>['rows'][number];

/** One row of the order list as the shopper's screens read it, with the logistics state it is in. */
export const toOrderListItem = (
  { order, firstTitle, firstImage, itemCount, quantity, hasRefund, hasComment, deliveredAt }: ListRow,
  status: OrderStatus,
): OrderListItem => ({
  id: order.id,
  orderNo: order.orderNo,
  status,
  shopName: order.shopName,
  productTitle: firstTitle ?? '',
  productImage: firstImage,
  quantity: Number(quantity),
  itemCount: Number(itemCount),
  total: order.totalCents,
  actions: shopperActions(status, { refund: hasRefund, comment: hasComment }),
  carrier: order.carrier,
  trackingNo: order.trackingNo,
  // A raw subquery's timestamp arrives as text on some drivers.
  deliveredAt: deliveredAt === null ? null : new Date(deliveredAt).toISOString(),
  createdAt: order.createdAt.toISOString(),
});
