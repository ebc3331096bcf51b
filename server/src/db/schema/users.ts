import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    paymentCodeHash: text('payment_code_hash'),
    familyName: text('family_name').notNull().default(''),
    givenName: text('given_name').notNull().default(''),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    /** Set when the shopper proved they read `email` (a mailed code); cleared when the email changes. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Integer cents. A later issue replaces the free-standing balance with a ledger. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    lang: text('lang').notNull().default('en'),
    /** Current VIP level (0 = none); raised by a VIP purchase in the same transaction. */
    vipLevel: smallint('vip_level').notNull().default(0),
    paymentFailures: smallint('payment_failures').notNull().default(0),
    paymentLockedUntil: timestamp('payment_locked_until', { withTimezone: true }),
    /**
     * Deadlines of the payment-code checks claimed and not finished yet (claim time + a minute): each counts
     * against the limit until it is settled or its own deadline passes (its process died mid-check).
     */
    paymentClaims: timestamp('payment_claims', { withTimezone: true }).array().notNull().default([]),
    /** Same guard as the payment code, for the old-password check of `resetpwd`. */
    passwordFailures: smallint('password_failures').notNull().default(0),
    passwordClaims: timestamp('password_claims', { withTimezone: true }).array().notNull().default([]),
    passwordLockedUntil: timestamp('password_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_balance_non_negative', sql`${t.balance} >= 0`)],
);

export const userTokens = pgTable('user_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the token: a leaked table cannot be replayed. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResetCodes = pgTable('password_reset_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes mailed to a signed-in shopper's email (one open code per user and purpose; attempts counted
 * first): `verify` proves the shopper reads the address, `payment_code` resets a forgotten payment code.
 */
export const emailCodes = pgTable('email_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['verify', 'payment_code'] })
    .notNull()
    .default('verify'),
  /** The address the code was sent to: a code proves nothing about a later address. */
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
