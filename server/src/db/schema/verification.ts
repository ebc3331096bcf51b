import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/** Signatures of ALTCHA payloads already redeemed, kept until the challenge expires (replay guard). */
export const altchaUsedChallenges = pgTable('altcha_used_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/** Human-verification tokens (SHA-256 hashed): a bounded number of uses before they expire. */
export const verificationTokens = pgTable('verification_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  /** Sign-ins, registrations and reset requests admitted so far (each counted before it runs). */
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});
