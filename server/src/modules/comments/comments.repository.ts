import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, orderItems, users } from '../../db/schema';
import type { Executor } from '../ledger/transaction';

export type CommentRow = typeof comments.$inferSelect;

export const createCommentsRepository = (db: Db) => ({
  async findByOrder(executor: Executor, orderId: number) {
    const [row] = await executor.select().from(comments).where(eq(comments.orderId, orderId));
    return row;
  },

  /** Unique order_id: a second review of one order inserts nothing, even when two race. */
  async insert(executor: Executor, row: typeof comments.$inferInsert): Promise<CommentRow | undefined> {
    const [created] = await executor
      .insert(comments)
      .values(row)
      .onConflictDoNothing({ target: comments.orderId })
      .returning();
    return created;
  },

  /**
   * The review counts for every product of the order (rating sums) and the shop's favorableRate is
   * recomputed from its reviews (share with productScore ≥ 4), in the caller's transaction.
   */
  async applyRatings(executor: Executor, comment: CommentRow) {
    await executor.execute(sql`
      UPDATE products SET
        rating_count = rating_count + 1,
        product_score_sum = product_score_sum + ${comment.productScore},
        service_score_sum = service_score_sum + ${comment.serviceScore},
        postage_score_sum = postage_score_sum + ${comment.postageScore}
      WHERE id IN (SELECT DISTINCT product_id FROM order_items WHERE order_id = ${comment.orderId})`);
    if (comment.shopId !== null) {
      await executor.execute(sql`
        UPDATE shops SET favorable_rate = (
          SELECT round(100.0 * count(*) FILTER (WHERE product_score >= 4) / count(*))::smallint
          FROM comments WHERE shop_id = ${comment.shopId}
        ) WHERE id = ${comment.shopId}`);
    }
  },

  /** Reviews of orders that contained the product, newest first. */
  async forProduct(productId: number, offset: number, limit: number) {
    const where = sql`${comments.orderId} IN (SELECT ${orderItems.orderId} FROM ${orderItems} WHERE ${orderItems.productId} = ${productId})`;
    const [rows, totals] = await Promise.all([
      db
        .select({ comment: comments, account: users.account })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(where)
        .orderBy(desc(comments.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
