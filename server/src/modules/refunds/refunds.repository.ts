import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import type { Executor } from '../ledger/transaction';
import { fromStatuses } from '../orders/order-state-machine';

type RefundRow = typeof refunds.$inferSelect;

export const createRefundsRepository = (db: Db) => ({
  async findByOrder(executor: Executor, orderId: number): Promise<RefundRow | undefined> {
    const [row] = await executor.select().from(refunds).where(eq(refunds.orderId, orderId));
    return row;
  },

  /** The unique order_id makes a second request a no-op (undefined) even when two race. */
  async insert(executor: Executor, row: typeof refunds.$inferInsert): Promise<RefundRow | undefined> {
    const [created] = await executor
      .insert(refunds)
      .values(row)
      .onConflictDoNothing({ target: refunds.orderId })
      .returning();
    return created;
  },

  /** 1, 2 → -3 and 3, 4 → -4 (state machine `requestRefund`), remembering the status to return to. */
  async markRequested(executor: Executor, orderId: number, userId: number) {
    const [row] = await executor
      .update(orders)
      .set({
        statusBeforeRefund: sql`${orders.status}`,
        status: sql`CASE WHEN ${orders.status} IN (1, 2) THEN -3 ELSE -4 END`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.userId, userId),
          sql`${orders.status} IN (${sql.join(
            fromStatuses('requestRefund').map((status) => sql`${status}`),
            sql`, `,
          )})`,
        ),
      )
      .returning();
    return row;
  },

  /** pending → agreed / refused, once. */
  async decide(executor: Executor, orderId: number, agree: boolean, reason: string, now: Date) {
    const [row] = await executor
      .update(refunds)
      .set({ state: agree ? 'agreed' : 'refused', decisionReason: reason, decidedAt: now })
      .where(and(eq(refunds.orderId, orderId), eq(refunds.state, 'pending')))
      .returning();
    return row;
  },

  listPending() {
    return db.select().from(refunds).where(eq(refunds.state, 'pending')).orderBy(desc(refunds.id)).limit(200);
  },
});

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
