import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cents, createdAt, requiredRef, serialId, timestamptz } from './columns';
import { users } from './users';

/** Promo codes checked by the server at checkout (seeded; see `modules/checkout/promo-codes.ts`). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    /** Percent (1-100) or integer cents. */
    value: integer('value').notNull(),
    minSpendCents: cents('min_spend_cents').default(0),
    expiresAt: timestamptz('expires_at'),
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
    id: serialId(),
    code: text('code')
      .notNull()
      .references(() => promoCodes.code),
    userId: requiredRef('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('promo_redemptions_user_code_idx').on(t.userId, t.code)],
);
