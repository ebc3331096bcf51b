import type { ResetPasswordBody } from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import { hashSecret, verifySecret } from '../../lib/secrets';
import { IGNORE_IF_NOT_YOU, RESET_CODE_MAX_ATTEMPTS, type MailedCodes } from '../account-email/mailed-code';
import { passwordAttempt, type SecretCheck } from '../payment-code/secret-check';
import type { UserRepository, UserRow } from '../user/user.repository';
import type { ForgotPasswordResetBody } from '../user/user.schemas';

/** Reset-code mails to one account per hour, counted in the database (all processes). */
const RESET_MAILS_PER_HOUR = 5;

/** The login password: changed with the old one (guarded like the payment code), or reset by a mailed code. */
export const createPasswordService = ({
  users,
  secrets,
  mailedCodes,
  dummyHash,
  now,
}: {
  users: UserRepository;
  secrets: SecretCheck;
  mailedCodes: MailedCodes;
  /** An argon2 hash of nothing anyone knows: an unknown account costs the same work as a known one. */
  dummyHash: Promise<string>;
  now: () => Date;
}) => ({
  async changePassword(user: UserRow, body: ResetPasswordBody): Promise<void> {
    await secrets.check(passwordAttempt(users, user, body.oldPassword, 'err.oldPasswordWrong'));
    await users.changePassword(user.id, await hashSecret(body.password), now());
  },

  /**
   * Same answer and the same work (an argon2 hash, one transaction) whether or not the account exists, has
   * a verified email or has had its hourly mails. Only to an address the shopper proved (a session thief
   * who set their own email gets nothing), and at most RESET_MAILS_PER_HOUR codes an hour: a stranger
   * cannot flood the mailbox by asking again and again, from however many addresses.
   */
  async sendResetCode(account: string): Promise<void> {
    const mailed = await mailedCodes.mailedCode('Your password reset code', IGNORE_IF_NOT_YOU);
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
});

export type PasswordService = ReturnType<typeof createPasswordService>;
