import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Promo codes checked by the server at checkout (seeded; see `modules/checkout/promo-codes.ts`). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    /** Percent (1-100) or integer cents. */
    value: integer('value').notNull(),
    minSpendCents: bigint('min_spend_cents', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Checkouts one shopper may use it for; null = no limit (a welcome code: 1). */
    perShopperLimit: integer('per_shopper_limit'),
  },
  (t) => [
    check('promo_codes_kind', sql`${t.kind} IN ('percent', 'amount')`),
    check('promo_codes_value_positive', sql`${t.value} > 0`),
  ],
);

/** One row per checkout that used a promo code: the per-shopper limit counts these. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: serial('id').primaryKey(),
    code: text('code')
      .notNull()
      .references(() => promoCodes.code),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_redemptions_user_code_idx').on(t.userId, t.code)],
);
