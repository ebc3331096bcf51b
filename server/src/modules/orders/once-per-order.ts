import { fail } from '../../lib/app-error';
import type { Executor } from '../ledger/transaction';
import type { OrderRow, OrdersRepository } from './orders.repository';

/**
 * The shopper's own order for a request made once per order (a review, a refund), in the caller's
 * transaction: another shopper's order or none answers "not found", and an order `earlier` already finds a
 * request for answers `alreadyKey`.
 */
export const orderForOnceOnly = async (
  tx: Executor,
  orders: OrdersRepository,
  orderId: number,
  userId: number,
  earlier: { findByOrder(tx: Executor, orderId: number): Promise<unknown> },
  alreadyKey: string,
): Promise<OrderRow> => {
  const order = await orders.find(tx, orderId, userId);
  if (!order) throw fail('err.order.notFound');
  if (await earlier.findByOrder(tx, order.id)) throw fail(alreadyKey);
  return order;
};
