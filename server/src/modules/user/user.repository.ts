import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { PAYMENT_CODE_MAX_FAILURES } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { emailCodes, passwordResetCodes, users, userTokens } from '../../db/schema';
import { inTransaction, rowsOf, type Tx } from '../../db/transaction';
import { createSecretGuard, OLD_PASSWORD_GUARD, PAYMENT_CODE_GUARD } from './secret-guard';

/** Advisory-lock key space of reset-code requests (with the account's hash): one at a time per account. */
const RESET_MAIL_LOCK_SPACE = 7_302;

export type UserRow = typeof users.$inferSelect;
export type EmailCodePurpose = (typeof emailCodes.$inferSelect)['purpose'];
type NewUser = typeof users.$inferInsert;
export type ProfileChanges = Partial<
  Pick<UserRow, 'familyName' | 'givenName' | 'email' | 'mobile' | 'emailVerifiedAt'>
>;

export const createUserRepository = (db: Db) => {
  /**
   * Every signed-in request looks its shopper up by token: built once (Drizzle builds a select's SQL anew
   * on each call, ~0.5 ms of the event loop) and, on PostgreSQL, a named prepared statement (parsed and
   * planned once per connection). Nothing is cached: a revoked or expired token fails at once.
   */
  const userByToken = db
    .select({ user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(userTokens.revokedAt),
        gt(userTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('user_by_token');

  return {
    async findByAccount(account: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.account, account));
      return row;
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Returns undefined when the account is taken (unique index, race-safe). */
    async insert(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.account }).returning();
      return row;
    },

    async update(id: number, changes: ProfileChanges & Partial<Pick<UserRow, 'lang' | 'passwordHash'>>) {
      await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async setPaymentCode(id: number, paymentCodeHash: string) {
      await db
        .update(users)
        .set({ paymentCodeHash, paymentFailures: 0, paymentLockedUntil: null, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    /** Attempt counters of the payment code and of the old-password check (see secret-guard.ts). */
    // Both secrets lock after PAYMENT_CODE_MAX_FAILURES wrong tries; that many checks may run at once.
    paymentCodeGuard: createSecretGuard(db, PAYMENT_CODE_GUARD, PAYMENT_CODE_MAX_FAILURES),
    oldPasswordGuard: createSecretGuard(db, OLD_PASSWORD_GUARD, PAYMENT_CODE_MAX_FAILURES),

    /** A new code replaces any open one of the same purpose. */
    /** `queue`: stores the code's mail in the same transaction (the database outbox). */
    async replaceEmailCode(
      userId: number,
      email: string,
      codeHash: string,
      expiresAt: Date,
      now: Date,
      queue?: (tx: Tx) => Promise<void>,
      purpose: EmailCodePurpose = 'verify',
    ) {
      await inTransaction(db, async (tx) => {
        await tx
          .update(emailCodes)
          .set({ usedAt: now })
          .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
        await tx.insert(emailCodes).values({ userId, email, codeHash, expiresAt, purpose });
        await queue?.(tx);
      });
    },

    /** Counts the attempt first (one conditional update): at most `max` guesses per code, also in parallel. */
    async claimEmailCode(userId: number, now: Date, max: number, purpose: EmailCodePurpose = 'verify') {
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(
          and(
            eq(emailCodes.userId, userId),
            eq(emailCodes.purpose, purpose),
            isNull(emailCodes.usedAt),
            gt(emailCodes.expiresAt, now),
            lt(emailCodes.attempts, max),
          ),
        )
        .returning();
      return row;
    },

    /**
     * A forgotten payment code replaced with the mailed code: the code is spent and the new payment code set
     * with its failures and lock cleared, only if the email is still the address the code went to (that
     * address is then proven too). False: the email changed meanwhile, nothing changed.
     */
    async resetPaymentCodeByEmail(
      userId: number,
      codeId: number,
      email: string,
      paymentCodeHash: string,
      now: Date,
      queue?: (tx: Tx) => Promise<void>,
    ): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        await tx.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, codeId));
        const rows = await tx
          .update(users)
          .set({
            paymentCodeHash,
            paymentFailures: 0,
            paymentLockedUntil: null,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          })
          .where(and(eq(users.id, userId), eq(users.email, email)))
          .returning({ id: users.id });
        if (rows.length === 1) await queue?.(tx);
        return rows.length === 1;
      });
    },

    /** Marks the email verified only if it is still the address the code went to. */
    async completeEmailVerification(userId: number, codeId: number, email: string, now: Date): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        await tx.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, codeId));
        const rows = await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(and(eq(users.id, userId), eq(users.email, email)))
          .returning({ id: users.id });
        return rows.length === 1;
      });
    },

    async insertToken(userId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(userTokens).values({ userId, tokenHash, expiresAt });
    },

    async findUserByToken(tokenHash: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await userByToken.execute({ tokenHash, now: now.toISOString() });
      return row?.user;
    },

    async revokeToken(tokenHash: string, now: Date) {
      await db
        .update(userTokens)
        .set({ revokedAt: now })
        .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.revokedAt)));
    },

    /**
     * A new reset code for the account, replacing any open one, if its email is verified and fewer than
     * `maxPerHour` codes were issued in the hour before `now` (the rows are the count: it holds across
     * processes). Returns the address to mail, or undefined (unknown account, unverified email, over the
     * limit; nothing changes then). Per account one request at a time (an advisory lock, whose wait ends
     * before the counting statement reads), so parallel requests cannot overshoot the limit; the same
     * statements run whatever the answer.
     */
    async issueResetCode(
      account: string,
      codeHash: string,
      expiresAt: Date,
      now: Date,
      maxPerHour: number,
      /** Stores the code's mail in the same transaction (the database outbox), only when a code was issued. */
      queue?: (tx: Tx, email: string) => Promise<void>,
    ): Promise<string | undefined> {
      const at = now.toISOString();
      const since = new Date(now.getTime() - 3_600_000).toISOString();
      return inTransaction(db, async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESET_MAIL_LOCK_SPACE}, hashtext(${account}))`);
        const [issued] = await rowsOf<{ email: string }>(
          tx,
          sql`
            WITH target AS (
              SELECT id, email FROM users
              WHERE account = ${account} AND email <> '' AND email_verified_at IS NOT NULL
            ), recent AS (
              SELECT count(*) AS n FROM password_reset_codes
              WHERE user_id IN (SELECT id FROM target) AND created_at > ${since}::timestamptz
            ), allowed AS (
              SELECT id, email FROM target WHERE (SELECT n FROM recent) < ${maxPerHour}
            ), spent AS (
              UPDATE password_reset_codes SET used_at = ${at}::timestamptz
              WHERE user_id IN (SELECT id FROM allowed) AND used_at IS NULL
            ), inserted AS (
              INSERT INTO password_reset_codes (user_id, code_hash, expires_at, created_at)
              SELECT id, ${codeHash}, ${expiresAt.toISOString()}::timestamptz, ${at}::timestamptz FROM allowed
              RETURNING user_id
            )
            SELECT allowed.email FROM inserted JOIN allowed ON allowed.id = inserted.user_id`,
        );
        if (issued && queue) await queue(tx, issued.email);
        return issued?.email;
      });
    },

    /**
     * Counts one guess at the account's open reset code and returns the code (one statement whether or not
     * the account exists or has an open code, so neither shows in the time taken): at most `max` guesses
     * per code, also in parallel. Undefined: unknown account, no open code, or its guesses used up.
     */
    async claimResetCode(account: string, now: Date, max: number) {
      const rows = await db
        .update(passwordResetCodes)
        .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
        .from(users)
        .where(
          and(
            eq(users.account, account),
            eq(passwordResetCodes.userId, users.id),
            isNull(passwordResetCodes.usedAt),
            gt(passwordResetCodes.expiresAt, now),
            lt(passwordResetCodes.attempts, max),
          ),
        )
        .returning({
          id: passwordResetCodes.id,
          userId: passwordResetCodes.userId,
          codeHash: passwordResetCodes.codeHash,
        });
      // One open code per account (a new one replaces the old); the newest should two ever be open.
      return rows.sort((a, b) => b.id - a.id)[0];
    },

    /** New password, code spent and every session ended, all or nothing. */
    async completePasswordReset(userId: number, codeId: number, passwordHash: string, now: Date) {
      await inTransaction(db, async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        await tx.update(passwordResetCodes).set({ usedAt: now }).where(eq(passwordResetCodes.id, codeId));
        await tx
          .update(userTokens)
          .set({ revokedAt: now })
          .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt)));
      });
    },

    async changePassword(userId: number, passwordHash: string, now: Date) {
      await inTransaction(db, async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        await tx
          .update(userTokens)
          .set({ revokedAt: now })
          .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt)));
      });
    },
  };
};

export type UserRepository = ReturnType<typeof createUserRepository>;
