import type { ForgotPayResetBody, ResetPayBody, VerifyPayFailure } from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import { hashSecret, verifySecret } from '../../lib/secrets';
import {
  IGNORE_IF_NOT_YOU,
  RESET_CODE_MAX_ATTEMPTS,
  sendEmailCode,
  type MailedCodes,
} from '../account-email/mailed-code';
import { lockedAt, type GuardPass } from '../user/secret-guard';
import type { UserRepository, UserRow } from '../user/user.repository';
import { paymentLocked, type Readiness, type SecretCheck } from './secret-check';

interface Deps {
  users: UserRepository;
  secrets: SecretCheck;
  mailedCodes: MailedCodes;
  now: () => Date;
}

/**
 * The payment code: set, changed, reset by a mailed code, and checked for paying orders, VIP and withdrawals
 * (one counter and lock for every check, `users.paymentCodeGuard`).
 */
export const createPaymentCodeService = ({ users, secrets, mailedCodes, now }: Deps) => {
  const guard = users.paymentCodeGuard;
  const notSet = () =>
    fail('err.paymentCodeNotSet', undefined, { reason: 'PAYMENT_CODE_NOT_SET' } satisfies VerifyPayFailure);
  const checkPaymentCode = (user: UserRow, hash: string, given: string, wrongKey: string) =>
    secrets.check({ guard, locked: paymentLocked, user, hash, given, wrongKey });

  return {
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
      await sendEmailCode(
        { users, mailedCodes },
        { userId: user.id, email: user.email, purpose: 'payment_code' },
        'Your payment code reset code',
        IGNORE_IF_NOT_YOU,
      );
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
      const notice = {
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
        mailedCodes.queueNotice(notice),
      );
      if (!done) throw fail('err.resetCodeInvalid');
      await mailedCodes.sendAfter(notice);
    },

    async verifyPaymentCode(user: UserRow, paymentCode: string): Promise<void> {
      // A frozen account pays nothing (requirements §10: an operator's freeze), before any guess is counted.
      if (user.frozenAt) throw fail('err.accountFrozen');
      if (!user.paymentCodeHash) throw notSet();
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
      if (user.frozenAt) throw fail('err.accountFrozen');
      if (!user.paymentCodeHash) throw notSet();
      return secrets.checkSecret(
        { guard, locked: paymentLocked, user, hash: user.paymentCodeHash, given: paymentCode, wrongKey: 'err.payFail' },
        async (claim) => {
          const checkedAt = now();
          const { lockedUntil, value } = await settle(guard.passInto(claim, checkedAt));
          return { lockedUntil: lockedAt(lockedUntil, checkedAt), value };
        },
        ready,
      );
    },
  };
};

export type PaymentCodeService = ReturnType<typeof createPaymentCodeService>;
/** What a module that takes payment needs of the payment code. */
export type PaymentCodeCheck = Pick<PaymentCodeService, 'verifyPaymentCode'>;
