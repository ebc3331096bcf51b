import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
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

/**
 * The queries of a shopper's request an operator decides once (top-ups and withdrawals share
 * `decidedRequestColumns`); `decidable` narrows which auditing rows an operator may decide.
 */
const decidedRequests = <T extends typeof recharges | typeof withdrawals>(db: Db, table: T, decidable?: SQL) => {
  type Row = T['$inferSelect'];
  const t = table as typeof recharges | typeof withdrawals;
  return {
    /** Undefined when this shopper already sent the same request id (the first one stands). */
    async insert(executor: Executor, row: T['$inferInsert']): Promise<Row | undefined> {
      const [created] = await executor
        .insert(t)
        .values(row as never)
        .onConflictDoNothing()
        .returning();
      return created as Row | undefined;
    },

    async findByRequest(userId: number, requestId: string): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.requestId, requestId)));
      return row as Row | undefined;
    },

    async find(executor: Executor, id: number): Promise<Row | undefined> {
      const [row] = await executor.select().from(t).where(eq(t.id, id));
      return row as Row | undefined;
    },

    /** Moves an auditing request to its decision; undefined when it was not auditing (decided once). */
    async decide(executor: Executor, id: number, status: AuditStatus, reason: string, now: Date) {
      const [row] = await executor
        .update(t)
        .set({ status, reason, decidedAt: now })
        .where(and(eq(t.id, id), eq(t.status, 0), decidable))
        .returning();
      return row as Row | undefined;
    },

    /** `userId` null = every shopper (operators). */
    async list(userId: number | null, filter: AuditFilter, offset: number, limit: number) {
      const status = statusOf(filter);
      const where = and(
        userId === null ? undefined : eq(t.userId, userId),
        status === undefined ? undefined : eq(t.status, status),
      );
      const [rows, totals] = await Promise.all([
        db.select().from(t).where(where).orderBy(desc(t.id)).offset(offset).limit(limit),
        db.select({ total: count() }).from(t).where(where),
      ]);
      return { rows: rows as Row[], total: totals[0]?.total ?? 0 };
    },
  };
};

export const createWalletRepository = (db: Db) => {
  const recharge = decidedRequests(db, recharges, ne(recharges.method, 'card'));
  const withdrawal = decidedRequests(db, withdrawals);
  return {
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

    insertRecharge: recharge.insert,
    findRechargeByRequest: recharge.findByRequest,
    findRecharge: recharge.find,
    decideRecharge: recharge.decide,
    listRecharges: recharge.list,
    insertWithdrawal: withdrawal.insert,
    findWithdrawalByRequest: withdrawal.findByRequest,
    findWithdrawal: withdrawal.find,
    decideWithdrawal: withdrawal.decide,
    listWithdrawals: withdrawal.list,

    async audit(executor: Executor, entry: { action: string; targetType: string; targetId: string; detail: string }) {
      await executor.insert(operatorAudit).values(entry);
    },

    async listAudit(limit: number) {
      return db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(limit);
    },
  };
};

export type WalletRepository = ReturnType<typeof createWalletRepository>;
