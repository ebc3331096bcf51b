import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { AuditFilter, AuditStatus } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { depositChannels, operatorAudit, recharges, withdrawals } from '../../db/schema';
import type { Executor } from '../../db/transaction';

export type ChannelRow = typeof depositChannels.$inferSelect;
export type NewChannel = typeof depositChannels.$inferInsert;
export type RechargeRow = typeof recharges.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

const statusOf = (filter: AuditFilter): AuditStatus | undefined =>
  filter === 'all' ? undefined : (Number(filter) as AuditStatus);

export const createWalletRepository = (db: Db) => ({
  async listChannels(enabledOnly: boolean): Promise<ChannelRow[]> {
    return db
      .select()
      .from(depositChannels)
      .where(enabledOnly ? eq(depositChannels.enabled, true) : undefined)
      .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
  },

  async findChannel(id: number): Promise<ChannelRow | undefined> {
    const [row] = await db.select().from(depositChannels).where(eq(depositChannels.id, id));
    return row;
  },

  async countChannels(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(depositChannels);
    return row?.total ?? 0;
  },

  async insertChannels(executor: Executor, rows: NewChannel[]): Promise<ChannelRow[]> {
    return executor.insert(depositChannels).values(rows).returning();
  },

  async updateChannel(executor: Executor, id: number, changes: Partial<NewChannel>): Promise<ChannelRow | undefined> {
    const [row] = await executor.update(depositChannels).set(changes).where(eq(depositChannels.id, id)).returning();
    return row;
  },

  /** Undefined when this shopper already sent the same request id (the first one stands). */
  async insertRecharge(executor: Executor, row: typeof recharges.$inferInsert): Promise<RechargeRow | undefined> {
    const [created] = await executor.insert(recharges).values(row).onConflictDoNothing().returning();
    return created;
  },

  async findRechargeByRequest(userId: number, requestId: string): Promise<RechargeRow | undefined> {
    const [row] = await db
      .select()
      .from(recharges)
      .where(and(eq(recharges.userId, userId), eq(recharges.requestId, requestId)));
    return row;
  },

  async findRecharge(executor: Executor, id: number): Promise<RechargeRow | undefined> {
    const [row] = await executor.select().from(recharges).where(eq(recharges.id, id));
    return row;
  },

  /** Moves an auditing request to its decision; undefined when it was not auditing (decided once). */
  async decideRecharge(executor: Executor, id: number, status: AuditStatus, reason: string, now: Date) {
    const [row] = await executor
      .update(recharges)
      .set({ status, reason, decidedAt: now })
      .where(and(eq(recharges.id, id), eq(recharges.status, 0), ne(recharges.method, 'card')))
      .returning();
    return row;
  },

  /** `userId` null = every shopper (operators). */
  async listRecharges(userId: number | null, filter: AuditFilter, offset: number, limit: number) {
    const status = statusOf(filter);
    const where = and(
      userId === null ? undefined : eq(recharges.userId, userId),
      status === undefined ? undefined : eq(recharges.status, status),
    );
    const [rows, totals] = await Promise.all([
      db.select().from(recharges).where(where).orderBy(desc(recharges.id)).offset(offset).limit(limit),
      db.select({ total: count() }).from(recharges).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async insertWithdrawal(executor: Executor, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow | undefined> {
    const [created] = await executor.insert(withdrawals).values(row).onConflictDoNothing().returning();
    return created;
  },

  async findWithdrawalByRequest(userId: number, requestId: string): Promise<WithdrawalRow | undefined> {
    const [row] = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestId, requestId)));
    return row;
  },

  async findWithdrawal(executor: Executor, id: number): Promise<WithdrawalRow | undefined> {
    const [row] = await executor.select().from(withdrawals).where(eq(withdrawals.id, id));
    return row;
  },

  async decideWithdrawal(executor: Executor, id: number, status: AuditStatus, reason: string, now: Date) {
    const [row] = await executor
      .update(withdrawals)
      .set({ status, reason, decidedAt: now })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 0)))
      .returning();
    return row;
  },

  async listWithdrawals(userId: number | null, filter: AuditFilter, offset: number, limit: number) {
    const status = statusOf(filter);
    const where = and(
      userId === null ? undefined : eq(withdrawals.userId, userId),
      status === undefined ? undefined : eq(withdrawals.status, status),
    );
    const [rows, totals] = await Promise.all([
      db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).offset(offset).limit(limit),
      db.select({ total: count() }).from(withdrawals).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async audit(executor: Executor, entry: { action: string; targetType: string; targetId: string; detail: string }) {
    await executor.insert(operatorAudit).values(entry);
  },

  async listAudit(limit: number) {
    return db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(limit);
  },
});

export type WalletRepository = ReturnType<typeof createWalletRepository>;
