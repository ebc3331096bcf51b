import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { cents, createdAt, requiredRef, serialId, timestamptz, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serialId(),
    account: text('account').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    paymentCodeHash: text('payment_code_hash'),
    familyName: text('family_name').notNull().default(''),
    givenName: text('given_name').notNull().default(''),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    /** Set when the shopper proved they read `email` (a mailed code); cleared when the email changes. */
    emailVerifiedAt: timestamptz('email_verified_at'),
    /** Integer cents, kept equal to the sum of the shopper's ledger entries by the ledger module, its one writer (docs/decisions/0004-one-composition-root.md). */
    balance: cents('balance').default(0),
    lang: text('lang').notNull().default('en'),
    /** Current VIP level (0 = none); raised by a VIP purchase in the same transaction. */
    vipLevel: smallint('vip_level').notNull().default(0),
    paymentFailures: smallint('payment_failures').notNull().default(0),
    paymentLockedUntil: timestamptz('payment_locked_until'),
    /**
     * Deadlines of the payment-code checks claimed and not finished yet (claim time + a minute): each counts
     * against the limit until it is settled or its own deadline passes (its process died mid-check).
     */
    paymentClaims: timestamptz('payment_claims').array().notNull().default([]),
    /** Same guard as the payment code, for the old-password check of `resetpwd`. */
    passwordFailures: smallint('password_failures').notNull().default(0),
    passwordClaims: timestamptz('password_claims').array().notNull().default([]),
    passwordLockedUntil: timestamptz('password_locked_until'),
    /** Set while an operator has frozen the account (no sign-in, no payment); the reason stays in the audit. */
    frozenAt: timestamptz('frozen_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_balance_non_negative', sql`${t.balance} >= 0`)],
);

export const userTokens = pgTable('user_tokens', {
  id: serialId(),
  userId: requiredRef('user_id', () => users.id),
  /** SHA-256 of the token: a leaked table cannot be replayed. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamptz('expires_at').notNull(),
  revokedAt: timestamptz('revoked_at'),
  createdAt: createdAt(),
});

/**
 * A one-time code's columns: its hash (never the code), the wrong guesses counted against it, when it
 * expires and when it was used (an open code has no `used_at`).
 */
const oneTimeCodeColumns = () => ({
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

export const passwordResetCodes = pgTable('password_reset_codes', {
  id: serialId(),
  userId: requiredRef('user_id', () => users.id),
  ...oneTimeCodeColumns(),
});

/**
 * One-time codes mailed to a signed-in shopper's email (one open code per user and purpose; attempts counted
 * first): `verify` proves the shopper reads the address, `payment_code` resets a forgotten payment code.
 */
export const emailCodes = pgTable('email_codes', {
  id: serialId(),
  userId: requiredRef('user_id', () => users.id),
  purpose: text('purpose', { enum: ['verify', 'payment_code'] })
    .notNull()
    .default('verify'),
  /** The address the code was sent to: a code proves nothing about a later address. */
  email: text('email').notNull(),
  ...oneTimeCodeColumns(),
});
