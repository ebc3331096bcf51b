import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/**
 * Mail waiting for the SMTP server, and what became of it (`modules/mail/mail-outbox.ts`). A row is queued
 * in the transaction of the write that caused it, claimed by one process at a time (`claimed_until`), and
 * finished once: `sent_at` when the server accepted it, `failed_at` when delivery gave up. The body is
 * cleared when a row is finished (it may hold a reset code); finished rows are deleted after a retention.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The Message-ID header, the same on every try: a resend after an uncertain send is recognisable. */
    messageId: text('message_id').notNull().unique(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** Tries started (counted when claimed). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** A process is sending it until then; a crashed sender's claim lapses and the row is tried again. */
    claimedUntil: timestamptz('claimed_until'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    failedAt: timestamptz('failed_at'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);
