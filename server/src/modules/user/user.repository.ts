import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetCodes, users, userTokens } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type ProfileChanges = Partial<Pick<UserRow, 'familyName' | 'givenName' | 'email' | 'mobile'>>;

export const createUserRepository = (db: Db) => ({
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

  /**
   * Claims one payment-code check BEFORE the code is verified, in one conditional update: refused while
   * locked or while recorded failures plus checks in flight reach `max`, so parallel guesses cannot get
   * more tries than the limit. An expired lock starts a fresh count. Undefined = refused.
   */
  async claimPaymentCheck(id: number, max: number, now: Date): Promise<{ failures: number } | undefined> {
    const lockOver = sql`(${users.paymentLockedUntil} IS NOT NULL AND ${users.paymentLockedUntil} <= ${now})`;
    const stale = sql`(${users.paymentAttemptAt} IS NULL OR ${users.paymentAttemptAt} < ${new Date(now.getTime() - 60_000)})`;
    const [row] = await db
      .update(users)
      .set({
        paymentFailures: sql`CASE WHEN ${lockOver} THEN 0 ELSE ${users.paymentFailures} END`,
        paymentLockedUntil: sql`CASE WHEN ${lockOver} THEN NULL ELSE ${users.paymentLockedUntil} END`,
        paymentPending: sql`CASE WHEN ${stale} THEN 1 ELSE ${users.paymentPending} + 1 END`,
        paymentAttemptAt: now,
      })
      .where(
        and(
          eq(users.id, id),
          sql`(${users.paymentLockedUntil} IS NULL OR ${lockOver})`,
          sql`(CASE WHEN ${lockOver} THEN 0 ELSE ${users.paymentFailures} END)
              + (CASE WHEN ${stale} THEN 0 ELSE ${users.paymentPending} END) < ${max}`,
        ),
      )
      .returning({ failures: users.paymentFailures });
    return row;
  },

  /** A claimed check failed: one more failure, and the lock once `max` is reached. */
  async failPaymentCheck(id: number, max: number, lockUntil: Date) {
    const [row] = await db
      .update(users)
      .set({
        paymentPending: sql`GREATEST(${users.paymentPending} - 1, 0)`,
        // With no check left in flight the claim time means nothing: a passed check leaves the row as it was.
        paymentAttemptAt: sql`CASE WHEN ${users.paymentPending} <= 1 THEN NULL ELSE ${users.paymentAttemptAt} END`,
        paymentFailures: sql`${users.paymentFailures} + 1`,
        paymentLockedUntil: sql`CASE WHEN ${users.paymentFailures} + 1 >= ${max} THEN coalesce(${users.paymentLockedUntil}, ${lockUntil}) ELSE ${users.paymentLockedUntil} END`,
      })
      .where(eq(users.id, id))
      .returning({ failures: users.paymentFailures, lockedUntil: users.paymentLockedUntil });
    return row;
  },

  /**
   * A claimed check passed: failures start again from 0, unless another check locked paying meanwhile
   * (then the lock stands and the caller refuses). Checks still in flight keep their claims.
   */
  async passPaymentCheck(id: number, now: Date): Promise<{ lockedUntil: Date | null }> {
    const [row] = await db
      .update(users)
      .set({
        paymentPending: sql`GREATEST(${users.paymentPending} - 1, 0)`,
        // With no check left in flight the claim time means nothing: a passed check leaves the row as it was.
        paymentAttemptAt: sql`CASE WHEN ${users.paymentPending} <= 1 THEN NULL ELSE ${users.paymentAttemptAt} END`,
        paymentFailures: sql`CASE WHEN ${users.paymentLockedUntil} > ${now} THEN ${users.paymentFailures} ELSE 0 END`,
      })
      .where(eq(users.id, id))
      .returning({ lockedUntil: users.paymentLockedUntil });
    const lockedUntil = row?.lockedUntil ?? null;
    return { lockedUntil: lockedUntil && lockedUntil > now ? lockedUntil : null };
  },

  async paymentLock(id: number): Promise<Date | null> {
    const [row] = await db.select({ until: users.paymentLockedUntil }).from(users).where(eq(users.id, id));
    return row?.until ?? null;
  },

  async insertToken(userId: number, tokenHash: string, expiresAt: Date) {
    await db.insert(userTokens).values({ userId, tokenHash, expiresAt });
  },

  async findUserByToken(tokenHash: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.revokedAt), gt(userTokens.expiresAt, now)));
    return row?.user;
  },

  async revokeToken(tokenHash: string, now: Date) {
    await db
      .update(userTokens)
      .set({ revokedAt: now })
      .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.revokedAt)));
  },

  /** A new code replaces any earlier one still open. */
  async replaceResetCode(userId: number, codeHash: string, expiresAt: Date, now: Date) {
    await db.transaction(async (tx) => {
      await tx
        .update(passwordResetCodes)
        .set({ usedAt: now })
        .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
      await tx.insert(passwordResetCodes).values({ userId, codeHash, expiresAt });
    });
  },

  async findOpenResetCode(userId: number, now: Date) {
    const [row] = await db
      .select()
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.userId, userId),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(passwordResetCodes.id))
      .limit(1);
    return row;
  },

  async addResetAttempt(codeId: number): Promise<number> {
    const [row] = await db
      .update(passwordResetCodes)
      .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
      .where(eq(passwordResetCodes.id, codeId))
      .returning({ attempts: passwordResetCodes.attempts });
    return row?.attempts ?? Number.MAX_SAFE_INTEGER;
  },

  /** New password, code spent and every session ended, all or nothing. */
  async completePasswordReset(userId: number, codeId: number, passwordHash: string, now: Date) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await tx.update(passwordResetCodes).set({ usedAt: now }).where(eq(passwordResetCodes.id, codeId));
      await tx
        .update(userTokens)
        .set({ revokedAt: now })
        .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt)));
    });
  },

  async changePassword(userId: number, passwordHash: string, now: Date) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(userTokens)
        .set({ revokedAt: now })
        .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt)));
    });
  },
});

export type UserRepository = ReturnType<typeof createUserRepository>;
