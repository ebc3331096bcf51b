import { sql } from 'drizzle-orm';
import { check, index, smallint, text, timestamp, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';
import type { AuditStatus } from '@marketplace/shared/contracts';

/** `created_at`: when the row was written (timestamptz, now by default). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The columns of a shopper's request an operator decides once (top-ups, withdrawals): the client's request
 * id (a retried request is answered with the first one), status 0 auditing, 1 passed, 2 refused, the
 * refusal reason, and when it was made and decided.
 */
export const decidedRequestColumns = () => ({
  requestId: text('request_id'),
  status: smallint('status').$type<AuditStatus>().notNull().default(0),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/** The indexes and status check that go with `decidedRequestColumns`, named after `table`. */
export const decidedRequestIndexes = (
  table: string,
  t: { id: PgColumn; userId: PgColumn; status: PgColumn; requestId: PgColumn },
) => [
  index(`${table}_user_idx`).on(t.userId, t.id),
  index(`${table}_status_idx`).on(t.status, t.id),
  uniqueIndex(`${table}_once_per_request`)
    .on(t.userId, t.requestId)
    .where(sql`${t.requestId} IS NOT NULL`),
  check(`${table}_status_known`, sql`${t.status} IN (0, 1, 2)`),
];
