import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { shops } from './catalogue';
import { orders } from './orders';
import { users } from './users';

/** One review per order (unique order_id); it rates every product of the order. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    productScore: smallint('product_score').notNull(),
    serviceScore: smallint('service_score').notNull(),
    postageScore: smallint('postage_score').notNull(),
    /** Upload ids. */
    pics: jsonb('pics').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_shop_idx').on(t.shopId),
    check(
      'comments_scores_1_to_5',
      sql`${t.productScore} BETWEEN 1 AND 5 AND ${t.serviceScore} BETWEEN 1 AND 5 AND ${t.postageScore} BETWEEN 1 AND 5`,
    ),
  ],
);
