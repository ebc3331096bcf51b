import type { UserInfo } from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import { verifySecret } from '../../lib/secrets';
import type { UserRepository, UserRow } from '../user/user.repository';
import { toUserInfo } from '../user/user-info';
import { RESET_CODE_MAX_ATTEMPTS, sendEmailCode, type MailedCodes } from './mailed-code';

/** Proving the account's email: a mailed 6-digit code that `verifyEmail` takes back. */
export const createAccountEmailService = ({
  users,
  mailedCodes,
  now,
}: {
  users: UserRepository;
  mailedCodes: MailedCodes;
  now: () => Date;
}) => ({
  /** Mails a 6-digit code to the current email; `verifyEmail` marks the email verified with it. */
  async sendEmailCode(user: UserRow): Promise<void> {
    if (!user.email) throw fail('err.noEmailOnAccount');
    await sendEmailCode(
      { users, mailedCodes },
      { userId: user.id, email: user.email, purpose: 'verify' },
      'Verify your email address',
    );
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
});

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;
