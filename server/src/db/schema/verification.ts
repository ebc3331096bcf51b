import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Signatures of ALTCHA payloads already redeemed, kept until the challenge expires (replay guard). */
export const altchaUsedChallenges = pgTable('altcha_used_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Human-verification tokens (SHA-256 hashed): a bounded number of uses before they expire. */
export const verificationTokens = pgTable('verification_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  /** Sign-ins, registrations and reset requests admitted so far (each counted before it runs). */
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
