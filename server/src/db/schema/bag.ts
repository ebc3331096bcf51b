import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { BagSpec } from '@marketplace/shared/contracts';
import { products } from './catalogue';
import { users } from './users';

export const bagItems = pgTable(
  'bag_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    spec: jsonb('spec').$type<BagSpec>().notNull(),
    /** The spec as JSON with sorted keys: the same product and spec merge into one line. */
    specKey: text('spec_key').notNull(),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bag_items_line_unique').on(t.userId, t.productId, t.specKey),
    check('bag_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
