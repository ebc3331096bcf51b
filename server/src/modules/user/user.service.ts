import {
  TOKEN_TTL_MS,
  type LoginBody,
  type LoginResult,
  type ProfileBody,
  type RegisterBody,
  type UserInfo,
} from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';
import type { SignInBrake } from '../../lib/shared-state';
import { hashSecret, newToken, sha256, verifySecret } from '../../lib/secrets';
import type { Mailer } from '../mail/mailer';
import { passwordAttempt, type SecretCheck } from '../payment-code/secret-check';
import { toUserInfo } from './user-info';
import type { ProfileChanges, UserRepository, UserRow } from './user.repository';

interface Deps {
  users: UserRepository;
  mailer: Mailer;
  secrets: SecretCheck;
  /** An argon2 hash of nothing anyone knows: an unknown account costs the same work as a known one. */
  dummyHash: Promise<string>;
  now: () => Date;
  /** Slows sign-in guesses down per account (shared by every process when Redis is configured). */
  brake: SignInBrake;
}

/** The account: registration, sign-in and out, and the profile. */
export const createUserService = ({ users, mailer, secrets, dummyHash, now, brake }: Deps) => {
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
      // An operator froze the account (requirements §10): said only to whoever knows its password.
      if (user.frozenAt) throw fail('err.accountFrozen');
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
        await secrets.check(passwordAttempt(users, user, currentPassword, 'err.currentPasswordWrong'));
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
  };
};

export type UserService = ReturnType<typeof createUserService>;
