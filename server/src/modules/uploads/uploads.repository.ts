import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import type { Executor } from '../ledger/transaction';

export type UploadRow = typeof uploads.$inferSelect;

export const createUploadsRepository = (db: Db) => ({
  async insert(row: typeof uploads.$inferInsert) {
    await db.insert(uploads).values(row);
  },

  async find(id: string): Promise<UploadRow | undefined> {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    return row;
  },

  /** How many of `ids` belong to the shopper (attachments must be their own uploads). */
  async countOwned(executor: Executor, userId: number, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await executor
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), inArray(uploads.id, ids)));
    return rows.length;
  },

  async makePublic(executor: Executor, userId: number, ids: string[]) {
    if (ids.length === 0) return;
    await executor
      .update(uploads)
      .set({ public: true })
      .where(and(eq(uploads.userId, userId), inArray(uploads.id, ids)));
  },
});

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
