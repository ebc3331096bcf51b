import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { LogisticsEventKind, OrderAddress } from '@marketplace/shared/contracts';
import { shops } from './catalogue';
import { users } from './users';

/** One order per shop. Money is integer cents; the state machine is `modules/orders/order-state-machine.ts`. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    shopName: text('shop_name').notNull(),
    /** Status values of requirements §7.1; -3 is "refund in progress". */
    status: smallint('status').notNull(),
    /** Status before a refund request, restored when the operator refuses it. */
    statusBeforeRefund: smallint('status_before_refund'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    freightCents: bigint('freight_cents', { mode: 'number' }).notNull().default(0),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    promoCode: text('promo_code'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    address: jsonb('address').$type<OrderAddress>(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** No foreign key: an order outlives a removed product. */
    productId: integer('product_id').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    spec: jsonb('spec').$type<Record<string, string>>().notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
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
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LogisticsEventKind>().notNull(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);
