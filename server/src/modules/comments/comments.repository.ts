import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, orderItems, users } from '../../db/schema';
import type { Executor } from '../ledger/transaction';
import type { ReviewCounts, ReviewFilter } from './comments.schemas';

type CommentRow = typeof comments.$inferSelect;

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

  /**
   * Reviews of orders that contained the product, newest first; `filter` keeps those with pictures or
   * one product score. `counts` says how many each filter would show.
   */
  async forProduct(productId: number, filter: ReviewFilter, offset: number, limit: number) {
    const ofProduct = sql`${comments.orderId} IN (SELECT ${orderItems.orderId} FROM ${orderItems} WHERE ${orderItems.productId} = ${productId})`;
    const where =
      filter === 'all'
        ? ofProduct
        : filter === 'pics'
          ? and(ofProduct, sql`jsonb_array_length(${comments.pics}) > 0`)
          : and(ofProduct, eq(comments.productScore, Number(filter)));
    const [rows, totals, tallies] = await Promise.all([
      db
        .select({ comment: comments, account: users.account })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(where)
        .orderBy(desc(comments.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(comments).where(where),
      db
        .select({
          all: count(),
          pics: sql<number>`count(*) FILTER (WHERE jsonb_array_length(${comments.pics}) > 0)`.mapWith(Number),
          score: comments.productScore,
        })
        .from(comments)
        .where(ofProduct)
        .groupBy(comments.productScore),
    ]);
    const counts: ReviewCounts = { all: 0, pics: 0, scores: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } };
    for (const tally of tallies) {
      counts.all += tally.all;
      counts.pics += tally.pics;
      const score = String(tally.score);
      if (score in counts.scores) counts.scores[score as keyof ReviewCounts['scores']] = tally.all;
    }
    return { rows, total: totals[0]?.total ?? 0, counts };
  },
});

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
