import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderAddress, OrderStatus } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { comments, orderEvents, orderItems, orders, refunds } from '../../db/schema';
import { rowsOf, type Executor } from '../ledger/transaction';
import { fromStatuses, type OrderTransition } from './order-state-machine';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

const list = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export const createOrdersRepository = (db: Db) => ({
  /** `userId` null = any shopper (operator listing). First item, item count and done flags come along. */
  async list(userId: number | null, status: number | null, offset: number, limit: number) {
    const where: SQL | undefined = and(
      userId === null ? undefined : eq(orders.userId, userId),
      status === null ? undefined : eq(orders.status, status),
    );
    // Qualified by hand: in a one-table select Drizzle writes `${orders.id}` as a bare "id", which inside
    // these subqueries means the subquery's own id column (every order then got the same first item).
    const orderId = sql`${orders}.${sql.identifier(orders.id.name)}`;
    const [rows, totals] = await Promise.all([
      db
        .select({
          order: orders,
          firstTitle: sql<
            string | null
          >`(SELECT oi.title FROM order_items oi WHERE oi.order_id = ${orderId} ORDER BY oi.id LIMIT 1)`,
          firstImage: sql<
            string | null
          >`(SELECT oi.image FROM order_items oi WHERE oi.order_id = ${orderId} ORDER BY oi.id LIMIT 1)`,
          itemCount: sql<number>`(SELECT count(*)::int FROM order_items oi WHERE oi.order_id = ${orderId})`,
          quantity: sql<number>`(SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi WHERE oi.order_id = ${orderId})`,
          hasRefund: sql<boolean>`EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = ${orderId})`,
          hasComment: sql<boolean>`EXISTS (SELECT 1 FROM comments c WHERE c.order_id = ${orderId})`,
        })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(orders).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** `userId` null = operator access. */
  async find(executor: Executor, id: number, userId: number | null): Promise<OrderRow | undefined> {
    const [row] = await executor
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), userId === null ? undefined : eq(orders.userId, userId)));
    return row;
  },

  async findMany(executor: Executor, ids: number[], userId: number): Promise<OrderRow[]> {
    return executor
      .select()
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.userId, userId)));
  },

  async details(id: number) {
    const [items, events, refund, comment] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
      db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(desc(orderEvents.id)),
      db.select().from(refunds).where(eq(refunds.orderId, id)),
      db.select().from(comments).where(eq(comments.orderId, id)),
    ]);
    return { items, events, refund: refund[0], comment: comment[0] };
  },

  /**
   * The conditional UPDATE that makes a transition happen at most once: only rows still in one of the
   * transition's source statuses change. Returns the changed rows (empty = refused or already done).
   */
  async move(
    executor: Executor,
    name: OrderTransition,
    ids: number[],
    userId: number | null,
    set: Partial<Pick<OrderRow, 'status' | 'paidAt' | 'carrier' | 'trackingNo'>> & { statusBeforeRefund?: SQL },
  ): Promise<OrderRow[]> {
    return executor
      .update(orders)
      .set({ ...set, updatedAt: sql`now()` })
      .where(
        and(
          inArray(orders.id, ids),
          userId === null ? undefined : eq(orders.userId, userId),
          inArray(orders.status, fromStatuses(name)),
        ),
      )
      .returning();
  },

  /** Refund decisions: -3/-4 → refunded, or back to the status saved before the request. */
  async settleRefund(executor: Executor, orderId: number, agree: boolean): Promise<OrderRow | undefined> {
    const name: OrderTransition = agree ? 'agreeRefund' : 'refuseRefund';
    const [row] = await executor
      .update(orders)
      .set({
        status: agree ? sql`-2` : sql`coalesce(${orders.statusBeforeRefund}, ${orders.status})`,
        updatedAt: sql`now()`,
      } as never)
      .where(and(eq(orders.id, orderId), inArray(orders.status, fromStatuses(name))))
      .returning();
    return row;
  },

  async insertOrders(executor: Executor, rows: { order: NewOrder; items: NewOrderItem[] }[]): Promise<OrderRow[]> {
    const created = await executor
      .insert(orders)
      .values(rows.map((row) => row.order))
      .returning();
    const byNo = new Map(created.map((order) => [order.orderNo, order]));
    await executor
      .insert(orderItems)
      .values(rows.flatMap((row) => row.items.map((item) => ({ ...item, orderId: byNo.get(row.order.orderNo)!.id }))));
    await executor
      .insert(orderEvents)
      .values(created.map((order) => ({ orderId: order.id, kind: 'created' as const })));
    return created;
  },

  async addEvent(
    executor: Executor,
    orderIds: number[],
    kind: typeof orderEvents.$inferInsert.kind,
    extra: { carrier?: string; trackingNo?: string } = {},
  ) {
    if (orderIds.length === 0) return;
    await executor.insert(orderEvents).values(orderIds.map((orderId) => ({ orderId, kind, ...extra })));
  },

  async hasEvent(executor: Executor, orderId: number, kind: typeof orderEvents.$inferInsert.kind) {
    const [row] = await executor
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, kind)))
      .limit(1);
    return row !== undefined;
  },

  /**
   * Reserves stock for each product, in product id order (parallel checkouts lock rows in the same
   * order, so they cannot deadlock). Returns the first product that has too little, or null.
   */
  async reserveStock(executor: Executor, quantities: Map<number, number>): Promise<{ productId: number } | null> {
    for (const [productId, quantity] of [...quantities].sort(([a], [b]) => a - b)) {
      const rows = await rowsOf<{ id: number }>(
        executor,
        sql`UPDATE products SET stock = stock - ${quantity} WHERE id = ${productId} AND stock >= ${quantity} RETURNING id`,
      );
      if (rows.length === 0) return { productId };
    }
    return null;
  },

  /** Gives the reserved stock of cancelled orders back (rows locked in id order, see reserveStock). */
  async releaseStock(executor: Executor, orderIds: number[]) {
    await executor.execute(sql`
      WITH q AS (
        SELECT product_id, sum(quantity)::int AS n FROM order_items WHERE order_id IN (${list(orderIds)}) GROUP BY product_id
      ), locked AS (
        SELECT p.id FROM products p JOIN q ON q.product_id = p.id ORDER BY p.id FOR UPDATE OF p
      )
      UPDATE products SET stock = products.stock + q.n FROM q
      WHERE products.id = q.product_id AND products.id IN (SELECT id FROM locked)`);
  },

  /**
   * A paid order counts as sales: products.sold, shops.sales (units) and shops.total_sales (cents), and
   * its timeline gets the "paid" event, all in one statement (one round trip inside the pay transaction).
   */
  async recordSales(executor: Executor, orderIds: number[]) {
    await executor.execute(sql`
      WITH paid_events AS (
        INSERT INTO order_events (order_id, kind) SELECT o.id, 'paid' FROM orders o WHERE o.id IN (${list(orderIds)})
      ), q AS (
        SELECT product_id, sum(quantity)::int AS n FROM order_items WHERE order_id IN (${list(orderIds)}) GROUP BY product_id
      ), locked AS (
        SELECT p.id FROM products p JOIN q ON q.product_id = p.id ORDER BY p.id FOR UPDATE OF p
      ), sold AS (
        UPDATE products SET sold = products.sold + q.n FROM q
        WHERE products.id = q.product_id AND products.id IN (SELECT id FROM locked)
        RETURNING products.id
      ), per_shop AS (
        SELECT o.shop_id, sum(oi.quantity)::int AS units, sum(oi.quantity * oi.unit_price_cents)::bigint AS cents
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE o.id IN (${list(orderIds)}) AND o.shop_id IS NOT NULL GROUP BY o.shop_id
      )
      UPDATE shops SET sales = shops.sales + per_shop.units, total_sales = shops.total_sales + per_shop.cents
      FROM per_shop WHERE shops.id = per_shop.shop_id AND (SELECT count(*) FROM sold) >= 0`);
  },

  async address(executor: Executor, id: number, userId: number): Promise<OrderAddress | undefined> {
    const rows = await rowsOf<OrderAddress>(
      executor,
      sql`SELECT addressee, mobile_phone AS "mobilePhone", area, detailed_address AS "detailedAddress"
          FROM addresses WHERE id = ${id} AND user_id = ${userId}`,
    );
    return rows[0];
  },

  statusOf: (row: OrderRow) => row.status as OrderStatus,
});

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
