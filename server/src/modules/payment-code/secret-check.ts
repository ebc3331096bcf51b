import {
  PAYMENT_CODE_LOCK_MINUTES,
  PAYMENT_CODE_MAX_FAILURES,
  type VerifyPayFailure,
} from '@marketplace/shared/contracts';
import type { SQL } from 'drizzle-orm';
import { AppError, fail } from '../../lib/app-error';
import { verifySecret } from '../../lib/secrets';
import { isDeadline } from '../../lib/work-lines';
import type { Claim, SecretGuard } from '../user/secret-guard';
import type { UserRepository, UserRow } from '../user/user.repository';

/**
 * How long a secret check may wait in all: for its place in the shopper's line, for claims held by checks
 * in flight elsewhere (looked at every CLAIM_RETRY_MS), and for a free core to run argon2.
 */
const CHECK_WAIT_MS = 5_000;
const CLAIM_RETRY_MS = 25;

/**
 * What must hold for a secret check to be worth running (e.g. the orders to pay still wait for payment):
 * `condition` is read in the claim's own statement; when false nothing is claimed, argon2 does not run and
 * the request fails with `refusal()` (a secret checked there could change nothing: no try is spent).
 */
export interface Readiness {
  condition: SQL;
  refusal: () => Promise<AppError>;
}

/** Shown inside the lock message; UTC because the server does not know the shopper's zone. */
const lockTime = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const lockedError = (key: string) => (until: Date) =>
  fail(key, { time: lockTime(until) }, {
    reason: 'PAYMENT_LOCKED',
    lockedUntil: until.toISOString(),
  } satisfies VerifyPayFailure);
export const paymentLocked = lockedError('err.paymentLocked');
const passwordLocked = lockedError('err.passwordLocked');

/** One guess at a secret: `given` against the shopper's `hash`, under `guard`'s counter and `locked` message. */
interface SecretAttempt {
  guard: SecretGuard;
  locked: (until: Date) => AppError;
  user: UserRow;
  hash: string;
  given: string;
  /** The refusal of a wrong guess. */
  wrongKey: string;
}

/** A guess at the shopper's login password (its own counter and lock, see secret-guard.ts). */
export const passwordAttempt = (
  users: Pick<UserRepository, 'oldPasswordGuard'>,
  user: UserRow,
  given: string,
  wrongKey: string,
): SecretAttempt => ({
  guard: users.oldPasswordGuard,
  locked: passwordLocked,
  user,
  hash: user.passwordHash,
  given,
  wrongKey,
});

type OnPass<T> = (claim: Claim) => Promise<{ lockedUntil: Date | null; value: T }>;

/**
 * Every check of a secret is claimed atomically before argon2 runs (one counter per secret: the payment
 * code for pay, verify_pay, withdraw and resetPay; the login password for resetpwd and profile changes), so
 * a burst of parallel guesses gets at most PAYMENT_CODE_MAX_FAILURES evaluations, and a right answer
 * arriving once locked is refused. `onPass` records a right answer, settling the check's claim (by default
 * the guard's own `pass`), and returns the lock it found, if one landed meanwhile, with its own result.
 */
export const createSecretCheck = (now: () => Date) => {
  const claimAndVerify = async <T>(
    { guard, locked, user, hash, given, wrongKey }: SecretAttempt,
    deadline: AbortSignal,
    onPass: OnPass<T>,
    ready?: Readiness,
  ): Promise<T> => {
    // While the limit is taken by checks still in flight (recorded failures, or checks in another server
    // process), this one waits for them rather than failing; a lock ends the wait at once. A request that
    // cannot succeed whatever the secret (`ready` false) is refused without a claim and without argon2.
    let claim: Claim;
    for (;;) {
      const claimed = await guard.claim(user.id, PAYMENT_CODE_MAX_FAILURES, now(), ready?.condition);
      if (typeof claimed === 'object') {
        claim = claimed;
        break;
      }
      if (claimed === 'not-ready' && ready) throw await ready.refusal();
      const until = await guard.lockedUntil(user.id);
      if (until && until > now()) throw locked(until);
      deadline.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
    }
    let right: boolean;
    try {
      right = await verifySecret(hash, given, deadline);
    } catch (error) {
      // No free core before the deadline: the claim goes back unevaluated, it counts as no try.
      await guard.release(claim, now());
      throw error;
    }
    if (right) {
      let passed: { lockedUntil: Date | null; value: T };
      try {
        passed = await onPass(claim);
      } catch (error) {
        // The caller's statement failed as a whole (its pass with it): the claim still goes back.
        await guard.pass(claim, now()).catch(() => undefined);
        throw error;
      }
      if (passed.lockedUntil) throw locked(passed.lockedUntil);
      return passed.value;
    }
    const until = new Date(now().getTime() + PAYMENT_CODE_LOCK_MINUTES * 60_000);
    const failed = await guard.fail(claim, PAYMENT_CODE_MAX_FAILURES, now(), until);
    if (failed.lockedUntil && failed.lockedUntil > now()) throw locked(failed.lockedUntil);
    throw fail(wrongKey, undefined, {
      reason: 'WRONG_PAYMENT_CODE',
      attemptsLeft: PAYMENT_CODE_MAX_FAILURES - failed.failures,
    } satisfies VerifyPayFailure);
  };

  const checkSecret = async <T>(attempt: SecretAttempt, onPass: OnPass<T>, ready?: Readiness): Promise<T> => {
    // One deadline for every wait of this check. A shopper paying many orders at once: the checks past
    // the limit wait in line in this process and start as one finishes, without a database round trip.
    const deadline = AbortSignal.timeout(CHECK_WAIT_MS);
    try {
      return await attempt.guard.lines.run(
        attempt.user.id,
        () => claimAndVerify(attempt, deadline, onPass, ready),
        deadline,
      );
    } catch (error) {
      if (isDeadline(error, deadline)) throw fail('err.tooManyRequests');
      throw error;
    }
  };

  /** The default `onPass`: the guard's own pass. */
  const guardPass =
    (guard: SecretGuard): OnPass<undefined> =>
    async (claim) => ({ lockedUntil: await guard.pass(claim, now()), value: undefined });

  /** Checks the attempt under its guard's counter and lock; the pass is the guard's own. */
  const check = (attempt: SecretAttempt) => checkSecret(attempt, guardPass(attempt.guard));

  return { checkSecret, check };
};

export type SecretCheck = ReturnType<typeof createSecretCheck>;
