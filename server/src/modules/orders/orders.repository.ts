import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export const createOrdersRepository = (db: Db) => ({
  async listForUser(userId: number, status: number | null, offset: number, limit: number) {
    const where: SQL | undefined = and(
      eq(orders.userId, userId),
      status === null ? undefined : eq(orders.status, status),
    );
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(orders).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
