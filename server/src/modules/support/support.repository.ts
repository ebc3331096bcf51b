import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ContentSlug } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { contentPages, notifications, serviceChannels, serviceMessages, users } from '../../db/schema';
import { rowsOf, type Executor } from '../ledger/transaction';

export type ServiceMessageRow = typeof serviceMessages.$inferSelect;
type ServiceChannelRow = typeof serviceChannels.$inferSelect;
type ContentPageRow = typeof contentPages.$inferSelect;

interface ThreadRow {
  user_id: number;
  account: string;
  last_message: string;
  last_at: string | Date;
  unanswered: number;
}

export const createSupportRepository = (db: Db) => ({
  /** Newest first; every query is bound to the owner. */
  async listNotifications(userId: number, page: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId)),
    ]);
    return { rows, total: total?.total ?? 0 };
  },

  async countUnread(userId: number): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.total ?? 0;
  },

  /** Marks the owner's unread ones (all, or those of `ids`); another shopper's ids match nothing. */
  async markRead(userId: number, ids: number[] | 'all', now: Date): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids === 'all' ? undefined : inArray(notifications.id, ids),
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  },

  /** The latest `limit` messages of one thread, oldest first. */
  async listThread(userId: number, limit: number): Promise<ServiceMessageRow[]> {
    const rows = await db
      .select()
      .from(serviceMessages)
      .where(eq(serviceMessages.userId, userId))
      .orderBy(desc(serviceMessages.id))
      .limit(limit);
    return rows.reverse();
  },

  async insertMessage(executor: Executor, row: typeof serviceMessages.$inferInsert): Promise<ServiceMessageRow> {
    const [created] = await executor.insert(serviceMessages).values(row).returning();
    return created!;
  },

  /** Marks the messages of the other side as read by this reader. */
  async markThreadRead(userId: number, operatorMessages: boolean, now: Date): Promise<void> {
    await db
      .update(serviceMessages)
      .set({ readAt: now })
      .where(
        and(
          eq(serviceMessages.userId, userId),
          eq(serviceMessages.fromOperator, operatorMessages),
          isNull(serviceMessages.readAt),
        ),
      );
  },

  /** Every thread with its last message and how many shopper messages came after the last reply. */
  async listThreads(limit: number): Promise<ThreadRow[]> {
    return rowsOf<ThreadRow>(
      db,
      sql`
        SELECT * FROM (
          SELECT m.user_id, u.account, last.body AS last_message, last.created_at AS last_at, m.last_id,
            (SELECT count(*)::int FROM ${serviceMessages} s
              WHERE s.user_id = m.user_id AND s.from_operator = false
                AND s.id > coalesce((SELECT max(o.id) FROM ${serviceMessages} o
                                      WHERE o.user_id = m.user_id AND o.from_operator = true), 0)) AS unanswered
          FROM (SELECT user_id, max(id) AS last_id FROM ${serviceMessages} GROUP BY user_id) m
          JOIN ${serviceMessages} last ON last.id = m.last_id
          JOIN ${users} u ON u.id = m.user_id
        ) threads
        ORDER BY (unanswered > 0) DESC, last_id DESC
        LIMIT ${limit}`,
    );
  },

  async userExists(userId: number): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return Boolean(row);
  },

  async listChannels(): Promise<ServiceChannelRow[]> {
    return db.select().from(serviceChannels).orderBy(asc(serviceChannels.sort), asc(serviceChannels.id));
  },

  async countChannels(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(serviceChannels);
    return row?.total ?? 0;
  },

  async insertChannels(rows: (typeof serviceChannels.$inferInsert)[]): Promise<void> {
    await db.insert(serviceChannels).values(rows);
  },

  async updateChannel(
    id: number,
    changes: Partial<Pick<ServiceChannelRow, 'enabled' | 'url'>>,
  ): Promise<ServiceChannelRow | undefined> {
    const [row] = await db.update(serviceChannels).set(changes).where(eq(serviceChannels.id, id)).returning();
    return row;
  },

  /** The page in `lang`, else in English. */
  async findPage(slug: ContentSlug, lang: string, fallback: string): Promise<ContentPageRow | undefined> {
    const rows = await db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.slug, slug), inArray(contentPages.lang, [lang, fallback])));
    return rows.find((row) => row.lang === lang) ?? rows.find((row) => row.lang === fallback);
  },

  async upsertPage(row: { slug: ContentSlug; lang: string; title: string; body: string }, now: Date) {
    const [saved] = await db
      .insert(contentPages)
      .values({ ...row, updatedAt: now })
      .onConflictDoUpdate({
        target: [contentPages.slug, contentPages.lang],
        set: { title: row.title, body: row.body, updatedAt: now },
      })
      .returning();
    return saved!;
  },

  /** Seeding: a page someone already wrote (or another process seeded) is kept. */
  async insertPagesIfMissing(rows: { slug: ContentSlug; lang: string; title: string; body: string }[]) {
    await db.insert(contentPages).values(rows).onConflictDoNothing();
  },

  async countPages(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(contentPages);
    return row?.total ?? 0;
  },
});

export type SupportRepository = ReturnType<typeof createSupportRepository>;
