import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OrderStatus, type LedgerKind, type OrderAddress } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { comments, orderEvents, orderItems, orders, refunds } from '../../db/schema';
import { releaseVariants } from '../catalogue/variants';
import { balanceChange, insertEntries } from '../ledger/ledger.repository';
import { preparedRowsOf, rowsOf, type Executor } from '../ledger/transaction';
import type { GuardPass } from '../user/secret-guard';
import { fromStatuses, type OrderTransition } from './order-state-machine';

export type OrderRow = typeof orders.$inferSelect;
type NewOrder = typeof orders.$inferInsert;
type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** What one pay statement did: `ok` = paid and charged; else `waiting` tells how many orders could be. */
interface PayOutcome {
  ok: boolean;
  waiting: number;
  /** The balance after the statement (unchanged when not ok). */
  balance: number;
  /** The payment-code lock column as the statement left it (see GuardPass). */
  lockedUntil: unknown;
  paid: { id: number; orderNo: string; total: number }[];
}

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
          deliveredAt: sql<
            Date | string | null
          >`(SELECT max(e.created_at) FROM order_events e WHERE e.order_id = ${orderId} AND e.kind = 'delivered')`,
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
   * Gives the stock held by cancelled or refunded orders back to their variants and products
   * (docs/decisions/0012-variants-and-stock.md); the caller moved the orders first, so once per order.
   */
  releaseStock: (executor: Executor, orderIds: number[]) => releaseVariants(executor, orderIds),

  /**
   * True (as SQL, for the payment code's claim) unless one of `ids` is the shopper's and no longer waits
   * for payment (already paid, cancelled): such a pay can only be refused, so it is refused before the
   * payment code is checked. Ids that are not the shopper's still go through the check (a guess is a
   * guess). The pay statement checks everything again under its row locks.
   */
  payable: (userId: number, ids: number[]): SQL =>
    sql`NOT EXISTS (SELECT 1 FROM orders
      WHERE id IN (${list(ids)}) AND user_id = ${userId} AND status NOT IN (${list(fromStatuses('pay'))}))`,

  /**
   * Pays `ids` for the shopper in ONE statement, atomic on its own (no transaction round trips): the
   * orders are locked (id order) and must all still wait for payment; the shopper's row is charged by an
   * UPDATE whose own WHERE says the balance holds the total and no lock landed while the payment code was
   * checked (`pass.locked`). The decision must sit in that WHERE: PostgreSQL re-reads it on the very row
   * version it writes when a top-up or withdrawal changed the row meanwhile (a decision taken in a separate
   * `SELECT … FOR UPDATE` CTE and a charge in another UPDATE read different versions under load and hit
   * the balance's CHECK: pay-race.concurrency.test.ts). When it does not charge, `settled` only settles
   * the claim (the two UPDATEs exclude each other, so the row changes once). Only then (`ok`) the orders move 0 → 1, the balance goes down with one ledger entry per charged order, the
   * timeline gets "paid", the shopper gets one `orderPaid` notification per order, and the sales count (products.sold, shops.sales and total_sales; product and
   * shop rows locked in id order). Whatever `ok` says, the payment code's claim is settled (`pass.set`).
   * A second pay of the same orders finds them no longer waiting: nothing is charged twice.
   */
  async pay(executor: Executor, userId: number, ids: number[], paidAt: Date, pass: GuardPass): Promise<PayOutcome> {
    // The money is the ledger's: the balance goes down by the due total, one `payment` entry per charged order.
    const charge = balanceChange(sql`-due.total`);
    const payment: LedgerKind = 'payment';
    const [row] = await preparedRowsOf<{
      ok: boolean;
      waiting: number;
      balance: string | number;
      locked_until: unknown;
      paid: { id: number; orderNo: string; total: number }[];
    }>(
      executor,
      sql`WITH target AS (
            SELECT id, total_cents FROM orders
            WHERE id IN (${list(ids)}) AND user_id = ${userId} AND status IN (${list(fromStatuses('pay'))})
            ORDER BY id FOR NO KEY UPDATE
          ), due AS (
            SELECT count(*) = ${ids.length} AS complete, coalesce(sum(total_cents), 0)::bigint AS total,
              count(*)::int AS waiting
            FROM target
          ), charged AS (
            UPDATE users SET ${pass.set}, ${charge.set}
            FROM due WHERE users.id = ${userId} AND due.complete AND NOT ${pass.locked} AND ${charge.covered}
            RETURNING ${charge.returning}, ${pass.lockedUntil} AS locked_until
          ), settled AS (
            UPDATE users SET ${pass.set}
            WHERE users.id = ${userId} AND NOT EXISTS (SELECT 1 FROM charged)
            RETURNING users.balance, ${pass.lockedUntil} AS locked_until
          ), moved AS (
            UPDATE orders SET status = ${OrderStatus.WAITING_DELIVERY}, paid_at = ${paidAt.toISOString()}::timestamptz,
              updated_at = now()
            WHERE id IN (SELECT id FROM target) AND EXISTS (SELECT 1 FROM charged)
            RETURNING id, order_no, total_cents, shop_id
          ), entries AS (
            ${insertEntries(
              userId,
              sql`charged`,
              sql`(SELECT id AS ord, -total_cents AS amount, ${payment}::text AS kind, 'order:' || id AS reference,
                order_no AS note FROM moved WHERE total_cents > 0)`,
            )}
          ), paid_events AS (
            INSERT INTO order_events (order_id, kind) SELECT id, 'paid' FROM moved
          ), paid_notices AS (
            INSERT INTO notifications (user_id, kind, params, link)
            SELECT ${userId}, 'orderPaid', jsonb_build_object('orderNo', order_no, 'amount', total_cents),
              '/orderInfo/' || id
            FROM moved
          ), q AS (
            SELECT product_id, sum(quantity)::int AS n FROM order_items
            WHERE order_id IN (SELECT id FROM moved) GROUP BY product_id
          ), locked_products AS (
            SELECT p.id FROM products p JOIN q ON q.product_id = p.id ORDER BY p.id FOR NO KEY UPDATE OF p
          ), sold AS (
            UPDATE products SET sold = products.sold + q.n FROM q
            WHERE products.id = q.product_id AND products.id IN (SELECT id FROM locked_products)
          ), per_shop AS (
            SELECT m.shop_id, sum(oi.quantity)::int AS units, sum(oi.quantity * oi.unit_price_cents)::bigint AS cents
            FROM moved m JOIN order_items oi ON oi.order_id = m.id
            WHERE m.shop_id IS NOT NULL GROUP BY m.shop_id
          ), locked_shops AS (
            SELECT s.id FROM shops s JOIN per_shop ON per_shop.shop_id = s.id ORDER BY s.id FOR NO KEY UPDATE OF s
          ), shop_sales AS (
            UPDATE shops SET sales = shops.sales + per_shop.units, total_sales = shops.total_sales + per_shop.cents
            FROM per_shop WHERE shops.id = per_shop.shop_id AND shops.id IN (SELECT id FROM locked_shops)
          )
          SELECT c.delta IS NOT NULL AS ok, due.waiting, coalesce(c.balance, s.balance) AS balance,
            CASE WHEN c.delta IS NOT NULL THEN c.locked_until ELSE s.locked_until END AS locked_until,
            (SELECT coalesce(json_agg(json_build_object('id', m.id, 'orderNo', m.order_no, 'total', m.total_cents)
              ORDER BY m.id), '[]'::json) FROM moved m) AS paid
          FROM due LEFT JOIN charged c ON true LEFT JOIN settled s ON true`,
    );
    if (!row || row.balance === null) throw new Error('pay: the shopper row is missing');
    return {
      ok: row.ok,
      waiting: Number(row.waiting),
      balance: Number(row.balance),
      lockedUntil: row.locked_until,
      paid: row.paid.map((order) => ({ id: order.id, orderNo: order.orderNo, total: Number(order.total) })),
    };
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
