import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (t) => [
    check('promo_codes_kind', sql`${t.kind} IN ('percent', 'amount')`),
    check('promo_codes_value_positive', sql`${t.value} > 0`),
  ],
);
