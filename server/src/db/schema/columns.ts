import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import type { AuditStatus } from '@marketplace/shared/contracts';

/** `id`: the row's own serial primary key. */
export const serialId = () => serial('id').primaryKey();

/** A moment in time; every timestamp is stored with its time zone (timestamptz). */
export const timestamptz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/** `created_at`: when the row was written (now by default). */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `updated_at`: when the row last changed (now by default; the writer sets it on update). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** Integer cents (bigint, read as a JavaScript number). */
export const cents = <TName extends string>(name: TName) => bigint(name, { mode: 'number' }).notNull();

/**
 * A required reference to another table's serial id. `onDelete` says what deleting the row it points at
 * does: `cascade` deletes this row too, `restrict` refuses while this row exists (money history).
 */
export const requiredRef = <TName extends string>(
  name: TName,
  target: () => AnyPgColumn,
  onDelete: 'cascade' | 'restrict' = 'cascade',
) => integer(name).notNull().references(target, { onDelete });

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
  decidedAt: timestamptz('decided_at'),
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
