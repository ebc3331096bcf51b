import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { inTransaction, rowsOf, type Executor } from '../../db/transaction';

/** First key of the shopper's upload-quota advisory lock (the second is the user id). */
const UPLOAD_LOCK_SPACE = 7_301;

export type UploadRow = typeof uploads.$inferSelect;

export const createUploadsRepository = (db: Db) => ({
  /**
   * Inserts the row only while the shopper's uploads of the last hour stay within the quota (count and
   * bytes). The shopper's advisory lock makes parallel uploads queue for the check. False = over quota.
   */
  async insertWithinQuota(
    row: typeof uploads.$inferInsert,
    quota: { maxCount: number; maxBytes: number },
    since: Date,
  ): Promise<boolean> {
    return inTransaction(db, async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_LOCK_SPACE}, ${row.userId})`);
      const [usage] = await tx
        .select({ files: count(), bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
        .from(uploads)
        .where(and(eq(uploads.userId, row.userId), gt(uploads.createdAt, since)));
      if ((usage?.files ?? 0) >= quota.maxCount || Number(usage?.bytes ?? 0) + row.size > quota.maxBytes) return false;
      await tx.insert(uploads).values(row);
      return true;
    });
  },

  async remove(id: string) {
    await db.delete(uploads).where(eq(uploads.id, id));
  },

  /**
   * Uploads older than `before` that nothing refers to (refund proof pictures, top-up evidence, review picture, a listing's picture):
   * a shopper picked a file and never submitted the form. At most `limit` rows are deleted, and committed
   * only once `removeFiles` has removed their bytes: when it throws, the rows stay for the next clean-up.
   * Rows another clean-up (another process) holds are skipped.
   */
  async deleteUnreferenced(
    before: Date,
    limit: number,
    removeFiles: (ids: string[]) => Promise<void>,
  ): Promise<string[]> {
    return inTransaction(db, async (tx) => {
      const rows = await rowsOf<{ id: string }>(
        tx,
        sql`DELETE FROM uploads WHERE id IN (
              SELECT u.id FROM uploads u
              WHERE u.created_at < ${before.toISOString()}::timestamptz
                AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.attachment_id = u.id)
                AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.attachment_ids @> jsonb_build_array(u.id))
                AND NOT EXISTS (SELECT 1 FROM recharges r WHERE r.evidence_id = u.id)
                AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.pics @> jsonb_build_array(u.id))
                AND NOT EXISTS (SELECT 1 FROM shops s WHERE s.logo_upload = u.id OR s.banner_upload = u.id)
                AND NOT EXISTS (SELECT 1 FROM products p WHERE p.pictures @> jsonb_build_array(u.id))
              ORDER BY u.created_at
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
            RETURNING id`,
      );
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) await removeFiles(ids);
      return ids;
    });
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
