import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createKeyedWorkLines } from '../../lib/work-lines';
import { preparedRowsOf, rowsOf } from '../ledger/transaction';

/** The four `users` columns that guard one secret (payment code, login password). */
export interface GuardColumns {
  failures: string;
  pending: string;
  attemptAt: string;
  lockedUntil: string;
}

export const PAYMENT_CODE_GUARD: GuardColumns = {
  failures: 'payment_failures',
  pending: 'payment_pending',
  attemptAt: 'payment_attempt_at',
  lockedUntil: 'payment_locked_until',
};

export const OLD_PASSWORD_GUARD: GuardColumns = {
  failures: 'password_failures',
  pending: 'password_pending',
  attemptAt: 'password_attempt_at',
  lockedUntil: 'password_locked_until',
};

/** A claim older than this belongs to a process that died mid-check; it no longer counts. */
const STALE_CLAIM_MS = 60_000;

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);

/**
 * A passed check applied by the caller's own UPDATE of the shopper's row (e.g. the payment itself: one
 * statement instead of two). `set` goes in its SET list; `locked` (true when a lock landed while argon2
 * ran: the caller must then change nothing else) and `lockedUntil` (to return, read with `lockedAt`) are
 * expressions over the users row.
 */
export interface GuardPass {
  set: SQL;
  locked: SQL;
  lockedUntil: SQL;
}

/** The lock column's value as read back after a pass: a lock still running at `now`, else null. */
export const lockedAt = (value: unknown, now: Date): Date | null => {
  const until = asDate(value);
  return until && until > now ? until : null;
};

/**
 * Attempts against a secret are counted atomically BEFORE the secret is verified: `claim` is one
 * conditional UPDATE that is refused while locked or while recorded failures plus checks in flight
 * reach the limit, so a burst of parallel guesses gets at most `max` evaluations. A claim can carry the
 * caller's own precondition (`ready`, e.g. "these orders still wait for payment"): when it does not hold,
 * nothing is claimed and no secret is checked (the request is refused for that reason, at no argon2 cost). `fail` records the
 * failure (and the lock at `max`); `pass` starts the count again unless a lock landed meanwhile; `release`
 * gives a claim back unevaluated (the check gave up waiting). Checks still in flight keep their claims:
 * nothing resets them.
 *
 * `lines`: a shopper's checks of this secret waiting in THIS process, at most `maxAtOnce` running (the
 * limit the claim allows) and the rest in line for one to finish, instead of polling the database. The
 * database claim still decides every check; this only stops a shopper paying many orders at once from
 * turning the wait into a storm of refused claims on their row.
 */
export const createSecretGuard = (db: Db, columns: GuardColumns, maxAtOnce: number) => {
  const failures = sql.identifier(columns.failures);
  const pending = sql.identifier(columns.pending);
  const attemptAt = sql.identifier(columns.attemptAt);
  const lockedUntil = sql.identifier(columns.lockedUntil);
  // With no check left in flight the claim time means nothing: a passed check leaves the row as it was.
  const releaseClaim = sql`${pending} = GREATEST(${pending} - 1, 0),
    ${attemptAt} = CASE WHEN ${pending} <= 1 THEN NULL ELSE ${attemptAt} END`;
  /** SET list of a passed check: the claim goes back and the failures start again unless locked. */
  const passSet = (now: Date) => sql`${releaseClaim},
    ${failures} = CASE WHEN ${lockedUntil} > ${now.toISOString()}::timestamptz THEN ${failures} ELSE 0 END`;

  return {
    /**
     * 'claimed': one check may run. 'refused': locked, or the limit is taken (by failures or checks in
     * flight). 'not-ready': the caller's `ready` condition (a boolean SQL expression, read in the same
     * statement) is false: nothing was claimed.
     */
    async claim(userId: number, max: number, now: Date, ready?: SQL): Promise<'claimed' | 'refused' | 'not-ready'> {
      const lockOver = sql`(${lockedUntil} IS NOT NULL AND ${lockedUntil} <= ${now.toISOString()}::timestamptz)`;
      const stale = sql`(${attemptAt} IS NULL OR ${attemptAt} < ${new Date(now.getTime() - STALE_CLAIM_MS).toISOString()}::timestamptz)`;
      const [row] = await preparedRowsOf<{ ready: boolean; claimed: boolean }>(
        db,
        sql`WITH ready AS (SELECT (${ready ?? sql`true`}) AS ok), claimed AS (
              UPDATE users SET
                ${failures} = CASE WHEN ${lockOver} THEN 0 ELSE ${failures} END,
                ${lockedUntil} = CASE WHEN ${lockOver} THEN NULL ELSE ${lockedUntil} END,
                ${pending} = CASE WHEN ${stale} THEN 1 ELSE ${pending} + 1 END,
                ${attemptAt} = ${now.toISOString()}::timestamptz
              WHERE id = ${userId} AND (SELECT ok FROM ready)
                AND (${lockedUntil} IS NULL OR ${lockOver})
                AND (CASE WHEN ${lockOver} THEN 0 ELSE ${failures} END)
                  + (CASE WHEN ${stale} THEN 0 ELSE ${pending} END) < ${max}
              RETURNING id
            )
            SELECT (SELECT ok FROM ready) AS ready, EXISTS (SELECT 1 FROM claimed) AS claimed`,
      );
      if (!row?.ready) return 'not-ready';
      return row.claimed ? 'claimed' : 'refused';
    },

    async fail(userId: number, max: number, lockUntil: Date): Promise<{ failures: number; lockedUntil: Date | null }> {
      const [row] = await rowsOf<{ failures: number; locked_until: unknown }>(
        db,
        sql`UPDATE users SET ${releaseClaim},
              ${failures} = ${failures} + 1,
              ${lockedUntil} = CASE WHEN ${failures} + 1 >= ${max}
                THEN coalesce(${lockedUntil}, ${lockUntil.toISOString()}::timestamptz) ELSE ${lockedUntil} END
            WHERE id = ${userId}
            RETURNING ${failures} AS failures, ${lockedUntil} AS locked_until`,
      );
      return { failures: Number(row?.failures ?? max), lockedUntil: asDate(row?.locked_until) };
    },

    /** Returns the lock when one landed while this check ran (the caller then refuses). */
    async pass(userId: number, now: Date): Promise<Date | null> {
      const [row] = await rowsOf<{ locked_until: unknown }>(
        db,
        sql`UPDATE users SET ${passSet(now)} WHERE id = ${userId} RETURNING ${lockedUntil} AS locked_until`,
      );
      return lockedAt(row?.locked_until, now);
    },

    /** `pass` folded into the caller's own UPDATE of the shopper's row (see GuardPass). */
    passInto: (now: Date): GuardPass => ({
      set: passSet(now),
      lockedUntil: sql`${lockedUntil}`,
      locked: sql`coalesce(${lockedUntil} > ${now.toISOString()}::timestamptz, false)`,
    }),

    /** A claim given back unevaluated: the check gave up before argon2 ran. Failures stay as they are. */
    async release(userId: number): Promise<void> {
      await db.execute(sql`UPDATE users SET ${releaseClaim} WHERE id = ${userId}`);
    },

    async lockedUntil(userId: number): Promise<Date | null> {
      const [row] = await rowsOf<{ locked_until: unknown }>(
        db,
        sql`SELECT ${lockedUntil} AS locked_until FROM users WHERE id = ${userId}`,
      );
      return asDate(row?.locked_until);
    },

    lines: createKeyedWorkLines<number>(maxAtOnce),
  };
};

export type SecretGuard = ReturnType<typeof createSecretGuard>;
