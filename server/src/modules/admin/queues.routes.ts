import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AUDIT_FILTERS, AuditStatus, REFUND_STATES } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { orders, refunds, users, withdrawals } from '../../db/schema';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from './admin-auth';
import { likeOf, queueQuery, type QueueQuery } from './console-query';
import { operatorRouteKit } from './operator-route-kit';

/** The filters every queue shares, on its own date and amount columns; `numbers` are what the search box matches. */
export const queueWhere = (
  query: QueueQuery,
  columns: { createdAt: AnyPgColumn; amount: AnyPgColumn; numbers: AnyPgColumn[] },
): SQL | undefined =>
  and(
    query.q ? or(...columns.numbers.map((column) => ilike(column, likeOf(query.q)))) : undefined,
    query.from ? gte(columns.createdAt, query.from) : undefined,
    query.to ? lt(columns.createdAt, query.to) : undefined,
    query.min !== undefined ? gte(columns.amount, query.min) : undefined,
    query.max !== undefined ? lte(columns.amount, query.max) : undefined,
  );

/** The queue's order: by date or amount, either way, the id breaking ties the same way. */
export const queueOrder = (
  query: QueueQuery,
  columns: { createdAt: AnyPgColumn; amount: AnyPgColumn; id: AnyPgColumn },
) => {
  const by = query.order === 'ascend' ? asc : desc;
  return [by(query.sort === 'amount' ? columns.amount : columns.createdAt), by(columns.id)];
};

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * The support and finance queues with what deciding needs (requirements §10): each refund with its order
 * number, the shopper (id and account, for the link to the shopper page) and its pictures; each withdrawal
 * with the shopper beside the payout account. Searched, filtered by state, date and amount, sorted and
 * paged on the server with their totals.
 */
export const queuesRoutes = async (app: FastifyInstance, { operators, db }: { operators: OperatorAuth; db: Db }) => {
  const { r, tags, headers, preHandler } = operatorRouteKit(app, operators);

  r.get(
    '/api/admin/queue/refunds',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Refund requests with order number, shopper and pictures; by state, searched, filtered, sorted, paged',
        headers,
        querystring: queueQuery.extend({
          state: z.enum([...REFUND_STATES, 'all'], 'err.invalidField').default('pending'),
        }),
      },
    },
    async (request) => {
      const query = request.query;
      const where = and(
        query.state === 'all' ? undefined : eq(refunds.state, query.state),
        queueWhere(query, {
          createdAt: refunds.createdAt,
          amount: refunds.refundAmountCents,
          numbers: [orders.orderNo, users.account],
        }),
      );
      const from = () =>
        db
          .select({ refund: refunds, orderNo: orders.orderNo, account: users.account })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .innerJoin(users, eq(users.id, refunds.userId));
      const [rows, totals] = await Promise.all([
        from()
          .where(where)
          .orderBy(
            ...queueOrder(query, { createdAt: refunds.createdAt, amount: refunds.refundAmountCents, id: refunds.id }),
          )
          .offset((query.page - 1) * query.pageSize)
          .limit(query.pageSize),
        db
          .select({ value: count() })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .innerJoin(users, eq(users.id, refunds.userId))
          .where(where),
      ]);
      return ok(request, {
        list: rows.map(({ refund, orderNo, account }) => ({
          id: refund.id,
          orderId: refund.orderId,
          orderNo,
          userId: refund.userId,
          account,
          refundType: refund.refundType,
          amount: refund.refundAmountCents,
          productStatus: refund.productStatus,
          reason: refund.reason,
          explain: refund.explain,
          attachmentIds: refund.attachmentIds,
          state: refund.state,
          decisionReason: refund.decisionReason,
          createdAt: refund.createdAt.toISOString(),
          decidedAt: iso(refund.decidedAt),
        })),
        total: Number(totals[0]?.value ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  );

  r.get(
    '/api/admin/queue/withdrawals',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Withdrawals with the shopper and the full payout account; by status, searched, filtered, sorted, paged',
        headers,
        querystring: queueQuery.extend({
          status: z.enum(AUDIT_FILTERS, 'err.invalidField').default('0'),
          method: z.enum(['bank', 'onChain', 'all'], 'err.invalidField').default('all'),
        }),
      },
    },
    async (request) => {
      const query = request.query;
      const where = and(
        query.status === 'all' ? undefined : eq(withdrawals.status, Number(query.status) as AuditStatus),
        query.method === 'all' ? undefined : eq(withdrawals.drawType, query.method),
        queueWhere(query, {
          createdAt: withdrawals.createdAt,
          amount: withdrawals.drawAmountCents,
          numbers: [withdrawals.withdrawalNo, users.account],
        }),
      );
      const [rows, totals] = await Promise.all([
        db
          .select({ row: withdrawals, account: users.account })
          .from(withdrawals)
          .innerJoin(users, eq(users.id, withdrawals.userId))
          .where(where)
          .orderBy(
            ...queueOrder(query, {
              createdAt: withdrawals.createdAt,
              amount: withdrawals.drawAmountCents,
              id: withdrawals.id,
            }),
          )
          .offset((query.page - 1) * query.pageSize)
          .limit(query.pageSize),
        db.select({ value: count() }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(where),
      ]);
      return ok(request, {
        list: rows.map(({ row, account }) => ({
          id: row.id,
          withdrawalNo: row.withdrawalNo,
          userId: row.userId,
          account,
          drawType: row.drawType,
          drawAmount: row.drawAmountCents,
          serviceCharge: row.serviceChargeCents,
          actualArrival: row.actualArrivalCents,
          bankName: row.bankName,
          payoutAccount: row.drawType === 'bank' ? row.bankCardNo : row.address,
          status: row.status,
          reason: row.reason,
          createdAt: row.createdAt.toISOString(),
          decidedAt: iso(row.decidedAt),
        })),
        total: Number(totals[0]?.value ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  );
};
