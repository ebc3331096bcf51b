import { and, arrayOverlaps, asc, count, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { ComplaintState } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import {
  complaintNotes,
  complaints,
  merchantApplications,
  operatorAudit,
  operators,
  shops,
  shopSupports,
  users,
  vipLevels,
  vipPurchases,
} from '../../db/schema';
import { shopRank } from '../catalogue/catalogue.repository';
import type { Executor } from '../../db/transaction';

export type VipLevelRow = typeof vipLevels.$inferSelect;
export type VipPurchaseRow = typeof vipPurchases.$inferSelect;
export type ComplaintRow = typeof complaints.$inferSelect;

/** A complaint as operators list it: the shopper's account, the assignee's name and the notes' count. */
const complaintColumns = {
  complaint: complaints,
  account: users.account,
  assignee: operators.name,
  notes: sql<number>`(SELECT count(*)::int FROM complaint_notes n WHERE n.complaint_id = ${complaints.id})`,
};

/** The rank of shop lists: sales plus support days weighted (README "Ranking"). */

export const createCommunityRepository = (db: Db) => ({
  async findShop(executor: Executor, shopId: number) {
    const [row] = await executor
      .select({ id: shops.id, name: shops.name, supportDays: shops.supportDays })
      .from(shops)
      .where(eq(shops.id, shopId));
    return row;
  },

  /** One support for the day; false when the unique (user, shop, day) index already holds one. */
  async insertSupport(executor: Executor, userId: number, shopId: number, day: string): Promise<boolean> {
    const rows = await executor
      .insert(shopSupports)
      .values({ userId, shopId, supportDay: day })
      .onConflictDoNothing()
      .returning({ id: shopSupports.id });
    return rows.length === 1;
  },

  async addSupportDay(executor: Executor, shopId: number): Promise<number> {
    const [row] = await executor
      .update(shops)
      .set({ supportDays: sql`${shops.supportDays} + 1` })
      .where(eq(shops.id, shopId))
      .returning({ supportDays: shops.supportDays });
    return row?.supportDays ?? 0;
  },

  /** This shopper's support days of a shop, newest first (at most `limit`). */
  /** Every day the shopper supported the shop, newest first: their count and the current streak. */
  async supportDays(executor: Executor, userId: number, shopId: number): Promise<string[]> {
    const rows = await executor
      .select({ day: shopSupports.supportDay })
      .from(shopSupports)
      .where(and(eq(shopSupports.userId, userId), eq(shopSupports.shopId, shopId)))
      .orderBy(desc(shopSupports.supportDay));
    return rows.map((row) => row.day);
  },

  /** Shops to support: followed shops first, then by rank; with this shopper's days and today's flag. */
  async assistList(userId: number, today: string, offset: number, limit: number) {
    const followed = sql<boolean>`exists (select 1 from shop_follows f where f.user_id = ${userId} and f.shop_id = "shops"."id")`;
    const [rows, totals] = await Promise.all([
      db
        .select({
          shopId: shops.id,
          shopName: shops.name,
          totalDays: shops.supportDays,
          followed,
          days: sql<number>`(select count(*)::int from shop_supports s where s.user_id = ${userId} and s.shop_id = "shops"."id")`,
          supportedToday: sql<boolean>`exists (select 1 from shop_supports s where s.user_id = ${userId} and s.shop_id = "shops"."id" and s.support_day = ${today}::date)`,
        })
        .from(shops)
        .orderBy(desc(followed), desc(shopRank), asc(shops.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(shops),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** The shopper's supports, newest first, each with its running count and the shop's total from this shopper. */
  async history(userId: number, offset: number, limit: number) {
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: shopSupports.id,
          shopId: shopSupports.shopId,
          shopName: shops.name,
          day: shopSupports.supportDay,
          createdAt: shopSupports.createdAt,
          count: sql<number>`(row_number() over (partition by ${shopSupports.shopId} order by ${shopSupports.supportDay}))::int`,
          days: sql<number>`(count(*) over (partition by ${shopSupports.shopId}))::int`,
        })
        .from(shopSupports)
        .innerJoin(shops, eq(shops.id, shopSupports.shopId))
        .where(eq(shopSupports.userId, userId))
        .orderBy(desc(shopSupports.supportDay), desc(shopSupports.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(shopSupports).where(eq(shopSupports.userId, userId)),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async insertComplaint(values: typeof complaints.$inferInsert): Promise<ComplaintRow> {
    const [row] = await db.insert(complaints).values(values).returning();
    return row!;
  },

  async listComplaints(state: ComplaintState | undefined, offset: number, limit: number) {
    const where = state ? eq(complaints.state, state) : undefined;
    const [rows, totals] = await Promise.all([
      db
        .select(complaintColumns)
        .from(complaints)
        .innerJoin(users, eq(users.id, complaints.userId))
        .leftJoin(operators, eq(operators.id, complaints.assigneeId))
        .where(where)
        .orderBy(desc(complaints.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(complaints).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /**
   * Marks an open complaint handled and returns whose it was; undefined when it was not open (a second
   * decision changes nothing).
   */
  async handleComplaint(executor: Executor, id: number) {
    const [changed] = await executor
      .update(complaints)
      .set({ state: 'handled' })
      .where(and(eq(complaints.id, id), eq(complaints.state, 'open')))
      .returning({ userId: complaints.userId, shopName: complaints.shopName });
    return changed;
  },

  async findComplaint(id: number) {
    const [row] = await db
      .select(complaintColumns)
      .from(complaints)
      .innerJoin(users, eq(users.id, complaints.userId))
      .leftJoin(operators, eq(operators.id, complaints.assigneeId))
      .where(eq(complaints.id, id));
    return row;
  },

  /** Keeps the reply the shopper is notified of; answers whose complaint it is, undefined when none. */
  async replyToComplaint(executor: Executor, id: number, reply: string) {
    const [changed] = await executor
      .update(complaints)
      .set({ reply, repliedAt: sql`now()` })
      .where(eq(complaints.id, id))
      .returning({ userId: complaints.userId, shopName: complaints.shopName });
    return changed;
  },

  /** Assigns (or, with null, unassigns); false when the complaint does not exist. */
  async assignComplaint(executor: Executor, id: number, operatorId: number | null) {
    const rows = await executor
      .update(complaints)
      .set({ assigneeId: operatorId })
      .where(eq(complaints.id, id))
      .returning({ id: complaints.id });
    return rows.length === 1;
  },

  async insertComplaintNote(executor: Executor, values: typeof complaintNotes.$inferInsert) {
    await executor.insert(complaintNotes).values(values);
  },

  async listComplaintNotes(complaintId: number) {
    return db
      .select({
        id: complaintNotes.id,
        author: complaintNotes.author,
        text: complaintNotes.text,
        createdAt: complaintNotes.createdAt,
      })
      .from(complaintNotes)
      .where(eq(complaintNotes.complaintId, complaintId))
      .orderBy(asc(complaintNotes.id));
  },

  /** Enrolled, enabled operators with the support role (complaints are theirs): who a complaint can be assigned to. */
  async complaintAssignees(executor: Executor = db) {
    return executor
      .select({ id: operators.id, name: operators.name })
      .from(operators)
      .where(
        and(
          arrayOverlaps(operators.roles, ['support']),
          isNotNull(operators.totpConfirmedAt),
          isNull(operators.disabledAt),
        ),
      )
      .orderBy(asc(operators.name));
  },

  async insertApplication(values: typeof merchantApplications.$inferInsert) {
    const [row] = await db.insert(merchantApplications).values(values).returning();
    return row!;
  },

  async listApplications(offset: number, limit: number) {
    const [rows, totals] = await Promise.all([
      db
        .select({ application: merchantApplications, account: users.account })
        .from(merchantApplications)
        .innerJoin(users, eq(users.id, merchantApplications.userId))
        .orderBy(desc(merchantApplications.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(merchantApplications),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async vipLevels(onlyEnabled: boolean): Promise<VipLevelRow[]> {
    return db
      .select()
      .from(vipLevels)
      .where(onlyEnabled ? eq(vipLevels.enabled, true) : undefined)
      .orderBy(asc(vipLevels.level));
  },

  /** One insert that skips every level already there (ON CONFLICT DO NOTHING on the level key). */
  async seedVipLevels(rows: VipLevelRow[]): Promise<void> {
    await db.insert(vipLevels).values(rows).onConflictDoNothing();
  },

  async saveVipLevel(executor: Executor, values: VipLevelRow): Promise<VipLevelRow> {
    const { level: _level, ...changes } = values;
    const [row] = await executor
      .insert(vipLevels)
      .values(values)
      .onConflictDoUpdate({ target: vipLevels.level, set: changes })
      .returning();
    return row!;
  },

  /** An operator change, written in the same transaction as the change (shared `operator_audit` table). */
  async audit(executor: Executor, entry: { action: string; targetType: string; targetId: string; detail: string }) {
    await executor.insert(operatorAudit).values(entry);
  },

  async findPurchaseByRequest(userId: number, requestId: string): Promise<VipPurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(vipPurchases)
      .where(and(eq(vipPurchases.userId, userId), eq(vipPurchases.requestId, requestId)));
    return row;
  },

  /** Undefined when the shopper already bought this level or used this request id (unique indexes). */
  async insertPurchase(executor: Executor, values: typeof vipPurchases.$inferInsert) {
    const [row] = await executor.insert(vipPurchases).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** Raises the level; false when the shopper is already at it or above (another upgrade won). */
  async raiseVipLevel(executor: Executor, userId: number, level: number): Promise<boolean> {
    const rows = await executor
      .update(users)
      .set({ vipLevel: level })
      .where(and(eq(users.id, userId), lt(users.vipLevel, level)))
      .returning({ id: users.id });
    return rows.length === 1;
  },
});

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
