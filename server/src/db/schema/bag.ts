import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type { BagSpec } from '@marketplace/shared/contracts';
import { products } from './catalogue';
import { createdAt, requiredRef, serialId } from './columns';
import { users } from './users';

export const bagItems = pgTable(
  'bag_items',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id),
    productId: requiredRef('product_id', () => products.id),
    spec: jsonb('spec').$type<BagSpec>().notNull(),
    /** The spec as JSON with sorted keys: the same product and spec merge into one line. */
    specKey: text('spec_key').notNull(),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('bag_items_line_unique').on(t.userId, t.productId, t.specKey),
    check('bag_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
