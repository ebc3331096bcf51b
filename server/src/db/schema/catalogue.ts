import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ProductSpec } from '@marketplace/shared/contracts';
import { users } from './users';

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    /** Units sold; the orders module adds to it when an order is paid. */
    sales: integer('sales').notNull().default(0),
    /** Kept equal to the number of shop_follows rows by follow / unfollow (same transaction). */
    fans: integer('fans').notNull().default(0),
    /** 0..100 integer percent. */
    favorableRate: smallint('favorable_rate').notNull().default(100),
    /** Integer cents. */
    totalSales: bigint('total_sales', { mode: 'number' }).notNull().default(0),
    /** Days shoppers supported the shop, accumulated; raises its hot-shop rank. */
    supportDays: integer('support_days').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shops_fans_non_negative', sql`${t.fans} >= 0`),
    check('shops_favorable_rate_percent', sql`${t.favorableRate} BETWEEN 0 AND 100`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The product noun ("Laptop"): picture label, hot keywords. */
    keyword: text('keyword').notNull(),
    category: text('category').notNull(),
    /** Integer cents. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    seen: integer('seen').notNull().default(0),
    description: text('description').notNull(),
    specs: jsonb('specs').$type<ProductSpec[]>().notNull(),
    /** How many gallery pictures `/api/images/product/<id>-<n>.svg` serves. */
    imageCount: smallint('image_count').notNull().default(3),
    ratingCount: integer('rating_count').notNull().default(0),
    productScoreSum: integer('product_score_sum').notNull().default(0),
    serviceScoreSum: integer('service_score_sum').notNull().default(0),
    postageScoreSum: integer('postage_score_sum').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_unit_price_non_negative', sql`${t.unitPrice} >= 0`),
    index('products_category_sold_idx').on(t.category, t.sold),
    index('products_sold_idx').on(t.sold),
    index('products_seen_idx').on(t.seen),
    index('products_unit_price_idx').on(t.unitPrice),
    index('products_created_at_idx').on(t.createdAt),
    index('products_shop_sold_idx').on(t.shopId, t.sold),
  ],
);

export const shopFollows = pgTable(
  'shop_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] }), index('shop_follows_shop_idx').on(t.shopId)],
);

export const savedProducts = pgTable(
  'saved_products',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
