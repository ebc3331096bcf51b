import type { Tx } from '../../db/transaction';
import { hashSecret, sixDigitCode } from '../../lib/secrets';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { EmailCodePurpose, UserRepository } from '../user/user.repository';

const RESET_CODE_TTL_MS = 15 * 60_000;
/** Guesses of one mailed code, counted before each check (also in parallel). */
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const IGNORE_IF_NOT_YOU = ' If you did not ask for it, ignore this message.';

/**
 * One-time codes to mail, shared by the login-password reset, the email proof and the payment-code reset:
 * six digits, kept only as an argon2 hash, valid RESET_CODE_TTL_MS. A mailer with a database outbox stores
 * a code's mail in the code's own transaction (`queue`): the code and its mail exist together or not at
 * all; otherwise `deliver` sends it once committed (the folder mailer).
 */
export const createMailedCodes = (mailer: Mailer, now: () => Date) => {
  const queueIn = mailer.sendInTransaction?.bind(mailer);
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
  return {
    mailedCode,
    /** A notice in the caller's transaction when the mailer has an outbox; `sendAfter` mails it otherwise. */
    queueNotice: (message: MailMessage) => queueIn && ((tx: Tx) => queueIn(tx, message)),
    sendAfter: async (message: MailMessage) => {
      if (!queueIn) await mailer.send(message);
    },
  };
};

export type MailedCodes = ReturnType<typeof createMailedCodes>;

/**
 * A new code of `purpose` to the account's `email`: it replaces any open one of that purpose (its mail
 * stored in the same transaction where the mailer has an outbox), then is mailed where there is none.
 */
export const sendEmailCode = async (
  { users, mailedCodes }: { users: Pick<UserRepository, 'replaceEmailCode'>; mailedCodes: MailedCodes },
  { userId, email, purpose }: { userId: number; email: string; purpose: EmailCodePurpose },
  subject: string,
  note?: string,
): Promise<void> => {
  const mailed = await mailedCodes.mailedCode(subject, note);
  await users.replaceEmailCode(
    userId,
    email,
    mailed.codeHash,
    mailed.expiresAt,
    mailed.issuedAt,
    mailed.queueTo(email),
    purpose,
  );
  await mailed.deliver(email);
};
