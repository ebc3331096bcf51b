import {
  LANGUAGES,
  PAYMENT_CODE_LOCK_MINUTES,
  PAYMENT_CODE_MAX_FAILURES,
  TOKEN_TTL_MS,
  type LoginBody,
  type LoginResult,
  type ProfileBody,
  type RegisterBody,
  type ResetPasswordBody,
  type ResetPayBody,
  type ForgotPayResetBody,
  type UserInfo,
  type VerifyPayFailure,
} from '@marketplace/shared/contracts';
import type { SQL } from 'drizzle-orm';
import { AppError, fail } from '../../lib/app-error';
import type { SignInBrake } from '../../lib/shared-state';
import { hashSecret, newToken, sha256, sixDigitCode, verifySecret } from '../../lib/secrets';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { Tx } from '../ledger/transaction';
import { isDeadline } from '../../lib/work-lines';
import { lockedAt, type Claim, type GuardPass, type SecretGuard } from './secret-guard';
import type { ProfileChanges, UserRepository, UserRow } from './user.repository';
import type { ForgotPasswordResetBody } from './user.schemas';

const RESET_CODE_TTL_MS = 15 * 60_000;
/**
 * How long a secret check may wait in all: for its place in the shopper's line, for claims held by checks
 * in flight elsewhere (looked at every CLAIM_RETRY_MS), and for a free core to run argon2.
 */
const CHECK_WAIT_MS = 5_000;
const CLAIM_RETRY_MS = 25;

const RESET_CODE_MAX_ATTEMPTS = 5;
/** Reset-code mails to one account per hour, counted in the database (all processes). */
const RESET_MAILS_PER_HOUR = 5;

/**
 * What must hold for a secret check to be worth running (e.g. the orders to pay still wait for payment):
 * `condition` is read in the claim's own statement; when false nothing is claimed, argon2 does not run and
 * the request fails with `refusal()` (a secret checked there could change nothing: no try is spent).
 */
export interface Readiness {
  condition: SQL;
  refusal: () => Promise<AppError>;
}

export const toUserInfo = (user: UserRow): UserInfo => ({
  id: user.id,
  account: user.account,
  familyName: user.familyName,
  givenName: user.givenName,
  email: user.email,
  mobile: user.mobile,
  balance: user.balance,
  hasPaymentCode: user.paymentCodeHash !== null,
  emailVerified: Boolean(user.email && user.emailVerifiedAt),
  lang: user.lang,
  createdAt: user.createdAt.toISOString(),
  vipLevel: user.vipLevel,
});

/** Shown inside the lock message; UTC because the server does not know the shopper's zone. */
const lockTime = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

interface Deps {
  users: UserRepository;
  mailer: Mailer;
  now: () => Date;
  /** Slows sign-in guesses down per account (shared by every process when Redis is configured). */
  brake: SignInBrake;
}

export const createUserService = ({ users, mailer, now, brake }: Deps) => {
  // A mailer with a database outbox stores a code's mail in the code's own transaction: the code and its
  // mail exist together or not at all. The folder mailer writes the mail once the code is committed.
  const queueIn = mailer.sendInTransaction?.bind(mailer);
  /**
   * A one-time code to mail, shared by the login-password reset, the email proof and the payment-code reset:
   * six digits, kept only as an argon2 hash, valid RESET_CODE_TTL_MS. `queue` stores its mail in the
   * caller's transaction (a mailer with a database outbox); otherwise `deliver` sends it once committed.
   */
  const mailedCode = async (subject: string, note = '') => {
    const code = sixDigitCode();
    const issuedAt = now();
    const message = (to: string): MailMessage => ({
      to,
      subject,
      text: `Your verification code is ${code}. It expires in 15 minutes.${note}`,
    });
    return {
      codeHash: await hashSecret(code),
      issuedAt,
      expiresAt: new Date(issuedAt.getTime() + RESET_CODE_TTL_MS),
      queue: queueIn && ((tx: Tx, to: string) => queueIn(tx, message(to))),
      /** `queue` for an address known before the transaction. */
      queueTo: (to: string) => queueIn && ((tx: Tx) => queueIn(tx, message(to))),
      deliver: async (to: string | undefined) => {
        if (to && !queueIn) await mailer.send(message(to));
      },
    };
  };
  const IGNORE_IF_NOT_YOU = ' If you did not ask for it, ignore this message.';

  // Hashed once so an unknown account costs the same argon2 work as a known one (no timing oracle).
  const dummyHash = hashSecret(newToken());

  const lockedError = (key: string) => (until: Date) =>
    fail(key, { time: lockTime(until) }, {
      reason: 'PAYMENT_LOCKED',
      lockedUntil: until.toISOString(),
    } satisfies VerifyPayFailure);
  const paymentLocked = lockedError('err.paymentLocked');
  const passwordLocked = lockedError('err.passwordLocked');

  /**
   * Every check of a secret is claimed atomically before argon2 runs (one counter per secret: the payment
   * code for pay, verify_pay, withdraw and resetPay; the login password for resetpwd), so a burst of
   * parallel guesses gets at most PAYMENT_CODE_MAX_FAILURES evaluations, and a right answer arriving once
   * locked is refused. `onPass` records a right answer, settling the check's claim (by default the guard's
   * own `pass`), and returns the lock it found, if one landed meanwhile, with its own result.
   */
  const checkSecret = async <T>(
    guard: SecretGuard,
    locked: (until: Date) => AppError,
    user: UserRow,
    hash: string,
    given: string,
    wrongKey: string,
    onPass: (claim: Claim) => Promise<{ lockedUntil: Date | null; value: T }>,
    ready?: Readiness,
  ): Promise<T> => {
    // One deadline for every wait of this check. A shopper paying many orders at once: the checks past
    // the limit wait in line in this process and start as one finishes, without a database round trip.
    const deadline = AbortSignal.timeout(CHECK_WAIT_MS);
    try {
      return await guard.lines.run(
        user.id,
        () => claimAndVerify(guard, locked, user, hash, given, wrongKey, deadline, onPass, ready),
        deadline,
      );
    } catch (error) {
      if (isDeadline(error, deadline)) throw fail('err.tooManyRequests');
      throw error;
    }
  };
  const claimAndVerify = async <T>(
    guard: SecretGuard,
    locked: (until: Date) => AppError,
    user: UserRow,
    hash: string,
    given: string,
    wrongKey: string,
    deadline: AbortSignal,
    onPass: (claim: Claim) => Promise<{ lockedUntil: Date | null; value: T }>,
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
  const guardPass = (guard: SecretGuard) => async (claim: Claim) => ({
    lockedUntil: await guard.pass(claim, now()),
    value: undefined,
  });
  const checkPaymentCode = (user: UserRow, hash: string, given: string, wrongKey: string) =>
    checkSecret(users.paymentCodeGuard, paymentLocked, user, hash, given, wrongKey, guardPass(users.paymentCodeGuard));

  const issueToken = async (userId: number): Promise<string> => {
    const token = newToken();
    await users.insertToken(userId, sha256(token), new Date(now().getTime() + TOKEN_TTL_MS));
    return token;
  };

  return {
    async register(body: RegisterBody): Promise<void> {
      const passwordHash = await hashSecret(body.password);
      const created = await users.insert({
        account: body.account,
        passwordHash,
        email: body.email ?? '',
        mobile: body.mobile ?? '',
      });
      if (!created) throw fail('err.accountTaken');
    },

    /**
     * `device`: a device this account signed in on before (a signed cookie, see user.routes.ts): its tries
     * are braked on their own, so strangers guessing the account never slow its owner's phone down. Every
     * try is counted before the password is checked; a known account or not, the same answers.
     */
    async login(body: LoginBody, device?: string): Promise<LoginResult> {
      const key = device ? `device:${device}` : `account:${body.account.trim().toLowerCase()}`;
      const slot = await brake.claim(key, now().getTime());
      if (!slot.allowed) {
        const retryAfter = Math.ceil(slot.retryAfterMs / 1000);
        throw new AppError(429, 'err.tooManyRequests', undefined, { retryAfter }, 429);
      }
      const user = await users.findByAccount(body.account);
      const valid = await verifySecret(user?.passwordHash ?? (await dummyHash), body.password);
      if (!user || !valid) throw fail('err.loginFailed');
      await brake.clear(key);
      return { userinfo: { ...toUserInfo(user), token: await issueToken(user.id) } };
    },

    async logout(token: string): Promise<void> {
      await users.revokeToken(sha256(token), now());
    },

    /**
     * Name changes need nothing more; a new email or mobile needs the current password (same guard as
     * resetpwd), leaves the new email unverified and sends a notice to the old address.
     */
    async updateProfile(user: UserRow, body: ProfileBody): Promise<UserInfo> {
      const { currentPassword, ...fields } = body;
      const changes: ProfileChanges = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      const emailChanged = changes.email !== undefined && changes.email !== user.email;
      const mobileChanged = changes.mobile !== undefined && changes.mobile !== user.mobile;
      if (emailChanged || mobileChanged) {
        if (!currentPassword) throw fail('err.currentPasswordRequired');
        await checkSecret(
          users.oldPasswordGuard,
          passwordLocked,
          user,
          user.passwordHash,
          currentPassword,
          'err.currentPasswordWrong',
          guardPass(users.oldPasswordGuard),
        );
      }
      if (emailChanged) changes.emailVerifiedAt = null;
      if (Object.keys(changes).length) await users.update(user.id, changes);
      if ((emailChanged || mobileChanged) && user.email) {
        const what = [emailChanged ? 'email address' : '', mobileChanged ? 'mobile number' : ''].filter(Boolean);
        await mailer.send({
          to: user.email,
          subject: 'Your account details were changed',
          text: `The ${what.join(' and ')} of your account ${user.account} was changed on ${now().toISOString()}. If this was not you, reset your password and contact customer service at once.`,
        });
      }
      return toUserInfo({ ...user, ...changes });
    },

    /** Mails a 6-digit code to the current email; `verifyEmail` marks the email verified with it. */
    async sendEmailCode(user: UserRow): Promise<void> {
      if (!user.email) throw fail('err.noEmailOnAccount');
      const email = user.email;
      const mailed = await mailedCode('Verify your email address');
      await users.replaceEmailCode(
        user.id,
        email,
        mailed.codeHash,
        mailed.expiresAt,
        mailed.issuedAt,
        mailed.queueTo(email),
      );
      await mailed.deliver(email);
    },

    async verifyEmail(user: UserRow, code: string): Promise<UserInfo> {
      const open = await users.claimEmailCode(user.id, now(), RESET_CODE_MAX_ATTEMPTS);
      if (!open || open.email !== user.email || !(await verifySecret(open.codeHash, code))) {
        throw fail('err.emailCodeInvalid');
      }
      if (!(await users.completeEmailVerification(user.id, open.id, open.email, now())))
        throw fail('err.emailCodeInvalid');
      return toUserInfo({ ...user, emailVerifiedAt: now() });
    },

    async changePassword(user: UserRow, body: ResetPasswordBody): Promise<void> {
      await checkSecret(
        users.oldPasswordGuard,
        passwordLocked,
        user,
        user.passwordHash,
        body.oldPassword,
        'err.oldPasswordWrong',
        guardPass(users.oldPasswordGuard),
      );
      await users.changePassword(user.id, await hashSecret(body.password), now());
    },

    async setPaymentCode(user: UserRow, body: ResetPayBody): Promise<void> {
      if (user.paymentCodeHash) {
        if (!body.oldPaymentCode) throw fail('err.oldPasswordRequired');
        // The old code is a guess like any other: same counter and lock as paying.
        await checkPaymentCode(user, user.paymentCodeHash, body.oldPaymentCode, 'err.oldPasswordWrong');
      }
      await users.setPaymentCode(user.id, await hashSecret(body.paymentCode));
    },

    /**
     * "Forgot payment code?", step 1: a one-time code to the account's email (the same code, expiry and
     * mail as the login-password reset). Without an email the shopper is told to add one in Security.
     */
    async sendPaymentCodeResetCode(user: UserRow): Promise<void> {
      if (!user.email) throw fail('err.paymentCodeResetNoEmail');
      const email = user.email;
      const mailed = await mailedCode('Your payment code reset code', IGNORE_IF_NOT_YOU);
      await users.replaceEmailCode(
        user.id,
        email,
        mailed.codeHash,
        mailed.expiresAt,
        mailed.issuedAt,
        mailed.queueTo(email),
        'payment_code',
      );
      await mailed.deliver(email);
    },

    /**
     * Step 2: the mailed code (its guess counted before it is checked, at most RESET_CODE_MAX_ATTEMPTS per
     * code, also in parallel) and a new payment code. Clears the payment-code failures and lock; a notice
     * goes to the email, as for the other account changes.
     */
    async resetForgottenPaymentCode(user: UserRow, body: ForgotPayResetBody): Promise<void> {
      if (!user.email) throw fail('err.paymentCodeResetNoEmail');
      const open = await users.claimEmailCode(user.id, now(), RESET_CODE_MAX_ATTEMPTS, 'payment_code');
      if (!open || open.email !== user.email || !(await verifySecret(open.codeHash, body.code))) {
        throw fail('err.resetCodeInvalid');
      }
      const notice: MailMessage = {
        to: open.email,
        subject: 'Your payment code was reset',
        text: `The payment code of your account ${user.account} was reset with a code sent to this address on ${now().toISOString()}. If this was not you, change your password and contact customer service at once.`,
      };
      const done = await users.resetPaymentCodeByEmail(
        user.id,
        open.id,
        open.email,
        await hashSecret(body.paymentCode),
        now(),
        queueIn && ((tx) => queueIn(tx, notice)),
      );
      if (!done) throw fail('err.resetCodeInvalid');
      if (!queueIn) await mailer.send(notice);
    },

    async verifyPaymentCode(user: UserRow, paymentCode: string): Promise<void> {
      if (!user.paymentCodeHash) {
        throw fail('err.paymentCodeNotSet', undefined, { reason: 'PAYMENT_CODE_NOT_SET' } satisfies VerifyPayFailure);
      }
      await checkPaymentCode(user, user.paymentCodeHash, paymentCode, 'err.payFail');
    },

    /**
     * verifyPaymentCode's rules and guard, but a right code's pass is applied by `settle` in the caller's
     * own UPDATE of the shopper's row (one statement for the payment and the pass instead of two): it
     * returns the row's `pass.lockedUntil`, so a lock that landed while argon2 ran still refuses (and
     * `pass.locked` told settle to change nothing else).
     */
    async usePaymentCode<T>(
      user: UserRow,
      paymentCode: string,
      settle: (pass: GuardPass) => Promise<{ lockedUntil: unknown; value: T }>,
      ready?: Readiness,
    ): Promise<T> {
      if (!user.paymentCodeHash) {
        throw fail('err.paymentCodeNotSet', undefined, { reason: 'PAYMENT_CODE_NOT_SET' } satisfies VerifyPayFailure);
      }
      const guard = users.paymentCodeGuard;
      return checkSecret(
        guard,
        paymentLocked,
        user,
        user.paymentCodeHash,
        paymentCode,
        'err.payFail',
        async (claim) => {
          const checkedAt = now();
          const { lockedUntil, value } = await settle(guard.passInto(claim, checkedAt));
          return { lockedUntil: lockedAt(lockedUntil, checkedAt), value };
        },
        ready,
      );
    },

    listLanguages() {
      return LANGUAGES;
    },

    async setLanguage(user: UserRow, lang: string): Promise<void> {
      await users.update(user.id, { lang });
    },

    /**
     * Same answer and the same work (an argon2 hash, one transaction) whether or not the account exists, has
     * a verified email or has had its hourly mails. Only to an address the shopper proved (a session thief
     * who set their own email gets nothing), and at most RESET_MAILS_PER_HOUR codes an hour: a stranger
     * cannot flood the mailbox by asking again and again, from however many addresses.
     */
    async sendResetCode(account: string): Promise<void> {
      const mailed = await mailedCode('Your password reset code', IGNORE_IF_NOT_YOU);
      const email = await users.issueResetCode(
        account,
        mailed.codeHash,
        mailed.expiresAt,
        mailed.issuedAt,
        RESET_MAILS_PER_HOUR,
        mailed.queue,
      );
      await mailed.deliver(email);
    },

    /**
     * The same work whether or not the account exists or has an open code (no timing oracle): one statement
     * that counts the guess against the open code (before checking, so parallel guesses cannot exceed the
     * limit), then one argon2 verify, against the code's hash or a dummy hash of the same parameters.
     */
    async resetForgottenPassword(body: ForgotPasswordResetBody): Promise<void> {
      const open = await users.claimResetCode(body.account, now(), RESET_CODE_MAX_ATTEMPTS);
      const right = await verifySecret(open?.codeHash ?? (await dummyHash), body.code);
      if (!open || !right) throw fail('err.resetCodeInvalid');
      await users.completePasswordReset(open.userId, open.id, await hashSecret(body.password), now());
    },
  };
};

export type UserService = ReturnType<typeof createUserService>;
