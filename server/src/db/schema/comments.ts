import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { shops } from './catalogue';
import { createdAt, timestamptz, requiredRef, serialId } from './columns';
import { orders } from './orders';
import { users } from './users';

/** One review per order (unique order_id); it rates every product of the order. */
export const comments = pgTable(
  'comments',
  {
    id: serialId(),
    orderId: requiredRef('order_id', () => orders.id).unique(),
    userId: requiredRef('user_id', () => users.id),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    productScore: smallint('product_score').notNull(),
    serviceScore: smallint('service_score').notNull(),
    postageScore: smallint('postage_score').notNull(),
    /** Upload ids. */
    pics: jsonb('pics').$type<string[]>().notNull().default([]),
    /** The shop's one answer (modules/sellers), written once, and when. */
    sellerReply: text('seller_reply'),
    sellerReplyAt: timestamptz('seller_reply_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_shop_idx').on(t.shopId),
    check(
      'comments_scores_1_to_5',
      sql`${t.productScore} BETWEEN 1 AND 5 AND ${t.serviceScore} BETWEEN 1 AND 5 AND ${t.postageScore} BETWEEN 1 AND 5`,
    ),
  ],
);
