import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createKeyedWorkLines } from '../../lib/work-lines';
import { preparedRowsOf, rowsOf } from '../../db/transaction';

/** The three `users` columns that guard one secret (payment code, login password). */
interface GuardColumns {
  failures: string;
  /** timestamptz[]: the deadline of every check claimed and not settled yet. */
  claims: string;
  lockedUntil: string;
}

export const PAYMENT_CODE_GUARD: GuardColumns = {
  failures: 'payment_failures',
  claims: 'payment_claims',
  lockedUntil: 'payment_locked_until',
};

export const OLD_PASSWORD_GUARD: GuardColumns = {
  failures: 'password_failures',
  claims: 'password_claims',
  lockedUntil: 'password_locked_until',
};

/**
 * How long a claim counts unless settled: past it, the claim belongs to a process that died mid-check
 * (kill -9 during argon2). Every claim has its own deadline, so later attempts never keep a dead one alive.
 */
const STALE_CLAIM_MS = 60_000;

/**
 * One check in flight, as `claim` returned it: settle it with `pass`, `passInto`, `fail` or `release`.
 * Its deadline is what the claims column holds for it (two claims with the same deadline are alike: settling
 * either removes one of them).
 */
export interface Claim {
  readonly userId: number;
  readonly deadline: string;
}

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
 * reach the limit, so a burst of parallel guesses gets at most `max` evaluations. A check in flight is its
 * deadline in the claims column (claim time + STALE_CLAIM_MS): it counts until it is settled or that
 * deadline passes (its process died mid-check), whatever other attempts come meanwhile. A claim can carry
 * the caller's own precondition (`ready`, e.g. "these orders still wait for payment"): when it does not
 * hold, nothing is claimed and no secret is checked (the request is refused for that reason, at no argon2
 * cost). `fail` records the failure (and the lock at `max`); `pass` starts the count again unless a lock
 * landed meanwhile; `release` gives a claim back unevaluated (the check gave up waiting). Each removes its
 * own claim (and any past its deadline); checks still in flight keep theirs.
 *
 * `lines`: a shopper's checks of this secret waiting in THIS process, at most `maxAtOnce` running (the
 * limit the claim allows) and the rest in line for one to finish, instead of polling the database. The
 * database claim still decides every check; this only stops a shopper paying many orders at once from
 * turning the wait into a storm of refused claims on their row.
 */
export const createSecretGuard = (db: Db, columns: GuardColumns, maxAtOnce: number) => {
  const failures = sql.identifier(columns.failures);
  const claims = sql.identifier(columns.claims);
  const lockedUntil = sql.identifier(columns.lockedUntil);
  const at = (time: Date | string) => sql`${typeof time === 'string' ? time : time.toISOString()}::timestamptz`;
  /** The claims whose deadline has not passed at `now`: the checks that still count. */
  const liveCount = (now: Date) =>
    sql`(SELECT count(*) FROM unnest(${claims}) AS live(claim_deadline) WHERE claim_deadline > ${at(now)})`;
  /** SET item: the claim goes back (one entry of its deadline), and every claim past its deadline with it. */
  const settle = (claim: Claim, now: Date) => sql`${claims} = ARRAY(
      SELECT claim_deadline FROM unnest(${claims}) WITH ORDINALITY AS held(claim_deadline, claim_no)
      WHERE claim_deadline > ${at(now)}
        AND claim_no IS DISTINCT FROM array_position(${claims}, ${at(claim.deadline)})
      ORDER BY claim_no)`;
  /** SET list of a passed check: the claim goes back and the failures start again unless locked. */
  const passSet = (claim: Claim, now: Date) => sql`${settle(claim, now)},
    ${failures} = CASE WHEN ${lockedUntil} > ${at(now)} THEN ${failures} ELSE 0 END`;

  return {
    /**
     * A Claim: one check may run, settle it. 'refused': locked, or the limit is taken (by failures or
     * checks in flight). 'not-ready': the caller's `ready` condition (a boolean SQL expression, read in the
     * same statement) is false: nothing was claimed.
     */
    async claim(userId: number, max: number, now: Date, ready?: SQL): Promise<Claim | 'refused' | 'not-ready'> {
      const claim: Claim = { userId, deadline: new Date(now.getTime() + STALE_CLAIM_MS).toISOString() };
      const lockOver = sql`(${lockedUntil} IS NOT NULL AND ${lockedUntil} <= ${at(now)})`;
      // Claims past their deadline are dropped as this one is added: the column holds at most `max`.
      const [row] = await preparedRowsOf<{ ready: boolean; claimed: boolean }>(
        db,
        sql`WITH ready AS (SELECT (${ready ?? sql`true`}) AS ok), claimed AS (
              UPDATE users SET
                ${failures} = CASE WHEN ${lockOver} THEN 0 ELSE ${failures} END,
                ${lockedUntil} = CASE WHEN ${lockOver} THEN NULL ELSE ${lockedUntil} END,
                ${claims} = array_append(
                  ARRAY(SELECT claim_deadline FROM unnest(${claims}) WITH ORDINALITY AS held(claim_deadline, claim_no)
                    WHERE claim_deadline > ${at(now)} ORDER BY claim_no),
                  ${at(claim.deadline)})
              WHERE id = ${userId} AND (SELECT ok FROM ready)
                AND (${lockedUntil} IS NULL OR ${lockOver})
                AND (CASE WHEN ${lockOver} THEN 0 ELSE ${failures} END) + ${liveCount(now)} < ${max}
              RETURNING id
            )
            SELECT (SELECT ok FROM ready) AS ready, EXISTS (SELECT 1 FROM claimed) AS claimed`,
      );
      if (!row?.ready) return 'not-ready';
      return row.claimed ? claim : 'refused';
    },

    async fail(
      claim: Claim,
      max: number,
      now: Date,
      lockUntil: Date,
    ): Promise<{ failures: number; lockedUntil: Date | null }> {
      const [row] = await rowsOf<{ failures: number; locked_until: unknown }>(
        db,
        sql`UPDATE users SET ${settle(claim, now)},
              ${failures} = ${failures} + 1,
              ${lockedUntil} = CASE WHEN ${failures} + 1 >= ${max}
                THEN coalesce(${lockedUntil}, ${at(lockUntil)}) ELSE ${lockedUntil} END
            WHERE id = ${claim.userId}
            RETURNING ${failures} AS failures, ${lockedUntil} AS locked_until`,
      );
      return { failures: Number(row?.failures ?? max), lockedUntil: asDate(row?.locked_until) };
    },

    /** Returns the lock when one landed while this check ran (the caller then refuses). */
    async pass(claim: Claim, now: Date): Promise<Date | null> {
      const [row] = await rowsOf<{ locked_until: unknown }>(
        db,
        sql`UPDATE users SET ${passSet(claim, now)} WHERE id = ${claim.userId} RETURNING ${lockedUntil} AS locked_until`,
      );
      return lockedAt(row?.locked_until, now);
    },

    /** `pass` folded into the caller's own UPDATE of the shopper's row (see GuardPass). */
    passInto: (claim: Claim, now: Date): GuardPass => ({
      set: passSet(claim, now),
      lockedUntil: sql`${lockedUntil}`,
      locked: sql`coalesce(${lockedUntil} > ${at(now)}, false)`,
    }),

    /** A claim given back unevaluated: the check gave up before argon2 ran. Failures stay as they are. */
    async release(claim: Claim, now: Date): Promise<void> {
      await db.execute(sql`UPDATE users SET ${settle(claim, now)} WHERE id = ${claim.userId}`);
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
