import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { LogisticsEventKind, OrderAddress } from '@marketplace/shared/contracts';
import { shops } from './catalogue';
import { cents, createdAt, requiredRef, serialId, timestamptz, updatedAt } from './columns';
import { users } from './users';

/** One order per shop. Money is integer cents; the state machine is `modules/orders/order-state-machine.ts`. */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    orderNo: text('order_no').notNull().unique(),
    userId: requiredRef('user_id', () => users.id),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    shopName: text('shop_name').notNull(),
    /** Status values of requirements §7.1; -3 is "refund in progress". */
    status: smallint('status').notNull(),
    /** Status before a refund request, restored when the operator refuses it. */
    statusBeforeRefund: smallint('status_before_refund'),
    subtotalCents: cents('subtotal_cents').default(0),
    freightCents: cents('freight_cents').default(0),
    discountCents: cents('discount_cents').default(0),
    promoCode: text('promo_code'),
    totalCents: cents('total_cents'),
    address: jsonb('address').$type<OrderAddress>(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    check('orders_total_non_negative', sql`${t.totalCents} >= 0`),
  ],
);

/** The goods of an order, as they were when it was placed. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serialId(),
    orderId: requiredRef('order_id', () => orders.id),
    /** No foreign key: an order outlives a removed product. */
    productId: integer('product_id').notNull(),
    /** The product_variants row whose stock the order holds (no foreign key, as product_id). */
    variantId: integer('variant_id'),
    title: text('title').notNull(),
    image: text('image').notNull(),
    spec: jsonb('spec').$type<Record<string, string>>().notNull(),
    unitPriceCents: cents('unit_price_cents'),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** Logistics timeline: one row per step, never updated. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serialId(),
    orderId: requiredRef('order_id', () => orders.id),
    kind: text('kind').$type<LogisticsEventKind>().notNull(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);
