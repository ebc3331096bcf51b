import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantApplications, shops, users } from '../../db/schema';
import { sellerAccounts, sellerSessions, type SellerRole } from '../../db/schema/sellers';
import type { Executor } from '../ledger/transaction';

export type SellerRow = typeof sellerAccounts.$inferSelect;

/** Seller accounts and sessions. Every write that must happen once is one conditional statement. */
export const createSellersRepository = (db: Db) => ({
  async findByEmail(email: string) {
    const [row] = await db.select().from(sellerAccounts).where(eq(sellerAccounts.email, email));
    return row;
  },

  async findByInvite(inviteCodeHash: string) {
    const [row] = await db.select().from(sellerAccounts).where(eq(sellerAccounts.inviteCodeHash, inviteCodeHash));
    return row;
  },

  async findInShop(shopId: number, id: number) {
    const [row] = await db
      .select()
      .from(sellerAccounts)
      .where(and(eq(sellerAccounts.shopId, shopId), eq(sellerAccounts.id, id)));
    return row;
  },

  /** Undefined when the e-mail address already has an account. */
  async create(
    executor: Executor,
    values: {
      shopId: number;
      email: string;
      roles: SellerRole[];
      inviteCodeHash: string;
      inviteExpiresAt: Date;
      applicationId?: number;
      invitedBy?: number;
    },
  ) {
    const [row] = await executor.insert(sellerAccounts).values(values).onConflictDoNothing().returning();
    return row;
  },

  async staff(shopId: number, now: Date) {
    return db
      .select({
        id: sellerAccounts.id,
        email: sellerAccounts.email,
        roles: sellerAccounts.roles,
        enrolled: sql<boolean>`${sellerAccounts.totpConfirmedAt} IS NOT NULL`,
        disabledAt: sellerAccounts.disabledAt,
        createdAt: sellerAccounts.createdAt,
        activeSessions: sql<number>`(SELECT count(*)::int FROM ${sellerSessions} s WHERE s.seller_id = ${sellerAccounts.id} AND s.revoked_at IS NULL AND s.expires_at > ${now})`,
      })
      .from(sellerAccounts)
      .where(eq(sellerAccounts.shopId, shopId))
      .orderBy(asc(sellerAccounts.id));
  },

  async update(shopId: number, id: number, values: Partial<typeof sellerAccounts.$inferInsert>) {
    const [row] = await db
      .update(sellerAccounts)
      .set(values)
      .where(and(eq(sellerAccounts.shopId, shopId), eq(sellerAccounts.id, id)))
      .returning();
    return row;
  },

  /** Stores the password and a fresh TOTP secret while the invitation is still open. */
  async setCredentials(id: number, inviteCodeHash: string, passwordHash: string, totpSecret: string, now: Date) {
    const [row] = await db
      .update(sellerAccounts)
      .set({ passwordHash, totpSecret, totpConfirmedAt: null, totpLastStep: 0 })
      .where(
        and(
          eq(sellerAccounts.id, id),
          eq(sellerAccounts.inviteCodeHash, inviteCodeHash),
          gt(sellerAccounts.inviteExpiresAt, now),
          isNull(sellerAccounts.disabledAt),
        ),
      )
      .returning();
    return row;
  },

  /** Confirms the TOTP secret and ends the invitation, once. */
  async confirmTotp(id: number, inviteCodeHash: string, step: number, now: Date) {
    const [row] = await db
      .update(sellerAccounts)
      .set({ totpConfirmedAt: now, totpLastStep: step, inviteCodeHash: null, inviteExpiresAt: null })
      .where(
        and(
          eq(sellerAccounts.id, id),
          eq(sellerAccounts.inviteCodeHash, inviteCodeHash),
          gt(sellerAccounts.inviteExpiresAt, now),
        ),
      )
      .returning();
    return row;
  },

  /** Takes a TOTP step for a sign-in: false when this or a later step was already used (a replayed code). */
  async useStep(id: number, step: number): Promise<boolean> {
    const rows = await db
      .update(sellerAccounts)
      .set({ totpLastStep: step })
      .where(and(eq(sellerAccounts.id, id), lt(sellerAccounts.totpLastStep, step)))
      .returning({ id: sellerAccounts.id });
    return rows.length === 1;
  },

  async createSession(values: { tokenHash: string; sellerId: number; expiresAt: Date; address: string }) {
    const [row] = await db.insert(sellerSessions).values(values).returning();
    return row!;
  },

  /** The live session of this token with its account and shop name: not expired, not revoked, not disabled. */
  async findSession(tokenHash: string, now: Date) {
    const [row] = await db
      .select({ session: sellerSessions, seller: sellerAccounts, shopName: shops.name })
      .from(sellerSessions)
      .innerJoin(sellerAccounts, eq(sellerAccounts.id, sellerSessions.sellerId))
      .innerJoin(shops, eq(shops.id, sellerAccounts.shopId))
      .where(
        and(
          eq(sellerSessions.tokenHash, tokenHash),
          isNull(sellerSessions.revokedAt),
          gt(sellerSessions.expiresAt, now),
          isNull(sellerAccounts.disabledAt),
        ),
      );
    return row;
  },

  async revokeSession(id: number, now: Date) {
    await db
      .update(sellerSessions)
      .set({ revokedAt: now })
      .where(and(eq(sellerSessions.id, id), isNull(sellerSessions.revokedAt)));
  },

  async revokeAll(sellerId: number, now: Date): Promise<number> {
    const rows = await db
      .update(sellerSessions)
      .set({ revokedAt: now })
      .where(and(eq(sellerSessions.sellerId, sellerId), isNull(sellerSessions.revokedAt)))
      .returning({ id: sellerSessions.id });
    return rows.length;
  },

  /** A pending application with its applicant's e-mail, locked for the approval's transaction. */
  async pendingApplication(executor: Executor, id: number) {
    const [row] = await executor
      .select({ application: merchantApplications, email: users.email })
      .from(merchantApplications)
      .innerJoin(users, eq(users.id, merchantApplications.userId))
      .where(and(eq(merchantApplications.id, id), isNull(merchantApplications.approvedAt)))
      .for('update', { of: merchantApplications });
    return row;
  },

  async markApproved(executor: Executor, id: number, shopId: number, now: Date) {
    await executor.update(merchantApplications).set({ approvedAt: now, shopId }).where(eq(merchantApplications.id, id));
  },

  /** The shop of this name, or a new one (the demo seed's shops are bound by name); and whether it has an owner. */
  async shopForApplication(executor: Executor, name: string) {
    const [existing] = await executor.select({ id: shops.id }).from(shops).where(eq(shops.name, name));
    const shopId =
      existing?.id ??
      (await executor.insert(shops).values({ name, description: '' }).returning({ id: shops.id }))[0]!.id;
    const [owner] = await executor
      .select({ id: sellerAccounts.id })
      .from(sellerAccounts)
      .where(and(eq(sellerAccounts.shopId, shopId), sql`'owner' = ANY(${sellerAccounts.roles})`))
      .limit(1);
    return { shopId, hasOwner: Boolean(owner) };
  },
});

export type SellersRepository = ReturnType<typeof createSellersRepository>;
