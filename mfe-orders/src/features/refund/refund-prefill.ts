import type { OrderDetail, OrderItem } from '@marketplace/shared/contracts/core';

/** Integer cents as the amount field shows them: 3500 → "35.00". */
export const amountText = (cents: number): string =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

interface RefundPrefill {
  /** The amount field's first value. */
  amount: string;
  /** The order's products the request is about. */
  items: OrderItem[];
}

/**
 * What `/refund/:id/:sn/:product_ids/:amount` asks for, within what the order allows: the amount (integer
 * cents, as the order screens link it) when it is a whole number from 0 to the amount paid, else the amount
 * paid; the named products (comma-separated ids) that are in the order, else all of them.
 */
export const refundPrefill = (
  order: Pick<OrderDetail, 'total' | 'items'>,
  productIds: string | undefined,
  amount: string | undefined,
): RefundPrefill => {
  const cents = amount !== undefined && /^\d{1,12}$/.test(amount) ? Number(amount) : null;
  const named = new Set(
    (productIds ?? '')
      .split(',')
      .filter((id) => /^\d+$/.test(id))
      .map(Number),
  );
  const items = order.items.filter((item) => named.has(item.productId));
  return {
    amount: amountText(cents !== null && cents <= order.total ? cents : order.total),
    items: items.length > 0 ? items : order.items,
  };
};
