import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import type { SellerRole } from '../../db/schema/sellers';
import { fail } from '../../lib/app-error';
import { hashSecret, newToken, sha256, verifySecret } from '../../lib/secrets';
import type { SignInBrake } from '../../lib/shared-state';
import { AppError } from '../../lib/app-error';
import type { AttemptCounter } from '../admin/attempt-counter';
import { inTransaction, type Tx } from '../ledger/transaction';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  inviteInvalid,
  inviteMail,
  locked,
  newEnrolment,
  newInviteCode,
  SELLER_LOCK,
  SELLER_SESSION_TTL_MS,
  signInFailed,
  totpStep,
} from './seller-credentials';
import type { SellerRow, SellersRepository } from './sellers.repository';

interface SellersDeps {
  db: Db;
  repository: SellersRepository;
  counter: AttemptCounter;
  brake: SignInBrake;
  mailer: Mailer;
  /** Where the seller centre is (SELLER_PLATFORM_URL), absolute or relative to the caller's origin. */
  platformUrl: string;
  /** Hashed once: an unknown account costs the same argon2 work as a known one. */
  dummyHash: Promise<string>;
  now: () => Date;
}

export const sellerSummary = (row: SellerRow, shopName: string) => ({
  id: row.id,
  email: row.email,
  roles: row.roles,
  shop: { id: row.shopId, name: shopName },
});

/** Seller accounts: invitations (from an approved application or the owner), set-up, sign-in, sessions. */
export const createSellersService = (deps: SellersDeps) => {
  const { db, repository, counter, brake, mailer, now } = deps;

  /** Counts one attempt on `key` before `check` runs; over the limit it is refused unchecked. */
  const guarded = async <T>(key: string, limit: number, check: () => Promise<T | false>): Promise<T | false> => {
    const counted = await counter.hit(key);
    if (counted > limit) {
      await counter.undo(key);
      throw locked();
    }
    const result = await check();
    if (result !== false) await counter.undo(key);
    return result;
  };

  /** The invitation link for `code`, on the seller centre of `origin` unless SELLER_PLATFORM_URL names another. */
  const inviteLink = (origin: string, code: string) =>
    `${new URL(deps.platformUrl, origin).toString().replace(/\/$/, '')}/invite#code=${code}`;

  /** Sends `message` when `work`'s transaction commits: in it (database outbox), else right after. */
  const withMail = async <T>(work: (tx: Tx) => Promise<{ result: T; mail: MailMessage }>): Promise<T> => {
    const { result, mail } = await inTransaction(db, async (tx) => {
      const done = await work(tx);
      if (mailer.sendInTransaction) await mailer.sendInTransaction(tx, done.mail);
      return done;
    });
    if (!mailer.sendInTransaction) await mailer.send(mail);
    return result;
  };

  const invite = (
    tx: Tx,
    values: { shopId: number; shopName: string; email: string; roles: SellerRole[]; origin: string } & (
      { applicationId: number } | { invitedBy: number }
    ),
  ) => {
    const { shopName, origin, ...account } = values;
    const code = newInviteCode(now);
    return repository
      .create(tx, { ...account, inviteCodeHash: code.hash, inviteExpiresAt: code.expiresAt })
      .then((row) => {
        if (!row) throw fail('err.seller.emailTaken');
        return {
          result: { id: row.id, email: row.email, inviteExpiresAt: code.expiresAt.toISOString() },
          mail: inviteMail(row.email, shopName, inviteLink(origin, code.code), code.expiresAt),
        };
      });
  };

  const openSession = async (row: SellerRow, address: string) => {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + SELLER_SESSION_TTL_MS);
    await repository.createSession({ tokenHash: sha256(token), sellerId: row.id, expiresAt, address });
    return { token, expiresAt: expiresAt.toISOString() };
  };

  /** The account an open invitation code belongs to (counted per address before it is looked up). */
  const byInvite = async (code: string, address: string) =>
    guarded(`seller-invite|${address}`, SELLER_LOCK.perAddress, async () => {
      const row = await repository.findByInvite(sha256(code));
      if (!row?.inviteExpiresAt || row.inviteExpiresAt <= now() || row.disabledAt) return false;
      return timingSafeEqual(Buffer.from(row.inviteCodeHash!), Buffer.from(sha256(code))) ? row : false;
    });

  return {
    inviteLink,

    /** An operator approves a merchant application: its shop (new, or the seeded one of that name) and owner. */
    approve: (applicationId: number, email: string, origin: string) =>
      withMail(async (tx) => {
        const pending = await repository.pendingApplication(tx, applicationId);
        if (!pending) throw fail('err.seller.applicationNotFound');
        const { shopId, hasOwner } = await repository.shopForApplication(tx, pending.application.shopName);
        if (hasOwner) throw fail('err.seller.shopHasOwner');
        await repository.markApproved(tx, applicationId, shopId, now());
        const shopName = pending.application.shopName;
        const invited = await invite(tx, { shopId, shopName, email, roles: ['owner'], origin, applicationId });
        return { ...invited, result: { ...invited.result, shopId } };
      }),

    /** The owner invites a staff member with roles; the invitation goes by mail. */
    inviteStaff: (owner: SellerRow, shopName: string, email: string, roles: SellerRole[], origin: string) =>
      withMail((tx) => invite(tx, { shopId: owner.shopId, shopName, email, roles, origin, invitedBy: owner.id })),

    /** The invitation link's page: whose invitation it is (no secret is answered). */
    async invitation(code: string, address: string) {
      const row = await byInvite(code, address);
      if (!row) throw inviteInvalid();
      return { email: row.email, roles: row.roles };
    },

    /** Set-up step 1: the invitation code and a new password; answers the TOTP secret to enrol. */
    async setup(code: string, password: string, address: string) {
      const row = await byInvite(code, address);
      if (!row) throw inviteInvalid();
      const enrolment = await newEnrolment(row.email);
      const stored = await repository.setCredentials(
        row.id,
        sha256(code),
        await hashSecret(password),
        enrolment.secret,
        now(),
      );
      if (!stored) throw inviteInvalid();
      return enrolment;
    },

    /** Set-up step 2: a code from the authenticator proves the enrolment; the seller is signed in. */
    async confirmSetup(code: string, totp: string, address: string) {
      const row = await byInvite(code, address);
      if (!row || !row.passwordHash) throw inviteInvalid();
      const confirmed = await guarded(`seller-totp|${row.email}`, SELLER_LOCK.attempts, async () => {
        const step = totpStep(row, totp, now().getTime());
        return step === false ? false : ((await repository.confirmTotp(row.id, sha256(code), step, now())) ?? false);
      });
      if (!confirmed) throw inviteInvalid();
      return openSession(confirmed, address);
    },

    /**
     * E-mail and password behind the shoppers' sign-in brake (counted before the password is checked),
     * then the TOTP code behind its lock counter; the same answer for every wrong part.
     */
    async signIn(email: string, password: string, code: string, address: string) {
      const fromAddress = await counter.hit(`seller-sign-in|ip|${address}`);
      if (fromAddress > SELLER_LOCK.perAddress) {
        await counter.undo(`seller-sign-in|ip|${address}`);
        throw locked();
      }
      const key = `seller:${email}`;
      const slot = await brake.claim(key, now().getTime());
      if (!slot.allowed) {
        throw new AppError(
          429,
          'err.tooManyRequests',
          undefined,
          { retryAfter: Math.ceil(slot.retryAfterMs / 1000) },
          429,
        );
      }
      const found = await repository.findByEmail(email);
      const row = found && !found.disabledAt && found.totpConfirmedAt ? found : undefined;
      const valid = await verifySecret(row?.passwordHash ?? (await deps.dummyHash), password);
      if (!row || !valid) throw signInFailed();
      await brake.clear(key);
      const step = await guarded(`seller-totp|${email}`, SELLER_LOCK.attempts, async () => {
        const right = totpStep(row, code, now().getTime());
        return right !== false && (await repository.useStep(row.id, right)) ? right : false;
      });
      if (step === false) throw signInFailed();
      await counter.undo(`seller-sign-in|ip|${address}`);
      return openSession(row, address);
    },

    /** The live session of a token, or undefined (unknown, expired, revoked, account disabled). */
    session: (token: string) => repository.findSession(sha256(token), now()),
    signOut: (sessionId: number) => repository.revokeSession(sessionId, now()),
    revokeAll: (sellerId: number) => repository.revokeAll(sellerId, now()),
  };
};

export type SellersService = ReturnType<typeof createSellersService>;
