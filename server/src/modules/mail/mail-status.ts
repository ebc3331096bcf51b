import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

export interface MailStatus {
  /** Mails waiting to be sent (not sent, not given up). */
  pending: number;
  /** Age of the oldest of them, in seconds (0 when none waits). */
  oldestPendingSeconds: number;
  /** Mails given up in the last 24 hours. */
  gaveUpLastDay: number;
  /** The latest delivery error still of interest (a waiting mail's, or one given up in 24 h), or ''. */
  lastError: string;
}

/**
 * What the SMTP delivery looks like from the database outbox (every process's view is the same): for
 * /metrics, since SMTP stays out of readiness (the outbox absorbs an outage).
 */
export const createMailStatus = (db: Db) => async (): Promise<MailStatus> => {
  const [row] = await rowsOf<{ pending: number; oldest: number; gave_up: number; last_error: string | null }>(
    db,
    sql`SELECT
            (SELECT count(*)::int FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL) AS pending,
            (SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 FROM mail_outbox
              WHERE sent_at IS NULL AND failed_at IS NULL) AS oldest,
            (SELECT count(*)::int FROM mail_outbox WHERE failed_at > now() - interval '1 day') AS gave_up,
            (SELECT last_error FROM mail_outbox WHERE last_error IS NOT NULL AND sent_at IS NULL
              AND (failed_at IS NULL OR failed_at > now() - interval '1 day')
              ORDER BY coalesce(failed_at, next_attempt_at) DESC LIMIT 1) AS last_error`,
  );
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: Math.round(Number(row?.oldest ?? 0)),
    gaveUpLastDay: Number(row?.gave_up ?? 0),
    lastError: row?.last_error ?? '',
  };
};
