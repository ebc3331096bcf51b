import type { FastifyInstance } from 'fastify';
import { and, count, eq, gt, gte, sql, sum, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AUDIT_FILTERS, AuditStatus, OrderStatus, RECHARGE_METHODS } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import {
  complaints,
  merchantApplications,
  orders,
  recharges,
  refunds,
  serviceMessages,
  users,
  withdrawals,
} from '../../db/schema';
import type { OperatorRole } from '../../db/schema/operators';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from './admin-auth';
import { queueQuery } from './console-query';
import { operatorRouteKit } from './operator-route-kit';
import { queueOrder, queueWhere } from './queues.routes';

/** `GET /api/admin/topups`: the finance queue of top-ups with the shopper and the evidence picture. */
const topUpQueueQuery = queueQuery.extend({
  status: z.enum(AUDIT_FILTERS, 'err.invalidField').default('0'),
  method: z.enum([...RECHARGE_METHODS, 'all'], 'err.invalidField').default('all'),
});

/** Start of today in UTC: the dashboard's "today". */
const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

const FINANCE_QUEUES = ['topups', 'withdrawals'] as const;
const SUPPORT_QUEUES = ['refunds', 'toShip', 'complaints', 'service', 'merchants'] as const;
type Queue = (typeof FINANCE_QUEUES)[number] | (typeof SUPPORT_QUEUES)[number];

/** The queues a caller with these roles may open (the console hides the others). */
const queuesOf = (roles: readonly OperatorRole[]): Queue[] => [
  ...(roles.includes('finance') ? FINANCE_QUEUES : []),
  ...(roles.includes('support') ? SUPPORT_QUEUES : []),
];

const total = async (query: Promise<{ value: number }[]>) => Number((await query)[0]?.value ?? 0);
const cents = async (query: Promise<{ value: string | number | null }[]>) => Number((await query)[0]?.value ?? 0);

/**
 * Read calls of the operator console (/console, docs/decisions/0002-operator-accounts.md): the top-up queue with what an operator needs to
 * decide (the shopper's account, the evidence picture's upload id) and search; the dashboard's pending
 * counts (only of the queues the caller's roles open) and today's money in integer cents.
 */
export const consoleRoutes = async (
  app: FastifyInstance,
  { operators, db, now = () => new Date() }: { operators: OperatorAuth; db: Db; now?: () => Date },
) => {
  const { r, tags, headers, preHandler } = operatorRouteKit(app, operators);

  r.get(
    '/api/admin/topups',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Top-ups by audit status (default: waiting) and method, searched, filtered by date and amount, sorted, with the evidence',
        headers,
        querystring: topUpQueueQuery,
      },
    },
    async (request) => {
      const query = request.query;
      const { status, method, page, pageSize } = query;
      const where: SQL | undefined = and(
        status === 'all' ? undefined : eq(recharges.status, Number(status) as AuditStatus),
        method === 'all' ? undefined : eq(recharges.method, method),
        queueWhere(query, {
          createdAt: recharges.createdAt,
          amount: recharges.amountCents,
          numbers: [recharges.rechargeNo, users.account],
        }),
      );
      const [rows, totals] = await Promise.all([
        db
          .select({ recharge: recharges, account: users.account })
          .from(recharges)
          .innerJoin(users, eq(users.id, recharges.userId))
          .where(where)
          .orderBy(
            ...queueOrder(query, { createdAt: recharges.createdAt, amount: recharges.amountCents, id: recharges.id }),
          )
          .offset((page - 1) * pageSize)
          .limit(pageSize),
        db.select({ value: count() }).from(recharges).innerJoin(users, eq(users.id, recharges.userId)).where(where),
      ]);
      return ok(request, {
        list: rows.map(({ recharge, account }) => ({
          id: recharge.id,
          rechargeNo: recharge.rechargeNo,
          userId: recharge.userId,
          account,
          method: recharge.method,
          network: recharge.network,
          address: recharge.payerAddress,
          amount: recharge.amountCents,
          actualArrival: recharge.actualArrivalCents,
          status: recharge.status,
          reason: recharge.reason,
          evidence: recharge.evidenceId ?? null,
          createdAt: recharge.createdAt.toISOString(),
          decidedAt: recharge.decidedAt?.toISOString() ?? null,
        })),
        total: Number(totals[0]?.value ?? 0),
        page,
        pageSize,
      });
    },
  );

  r.get(
    '/api/admin/summary',
    {
      preHandler,
      schema: {
        tags,
        summary: "Dashboard: pending count of each queue the caller's roles open, and today's money (cents, UTC day)",
        headers,
      },
    },
    async (request) => {
      const who = operators.identityOf(request);
      const roles: readonly OperatorRole[] =
        who?.kind === 'operator' ? who.roles : ['finance', 'support', 'release', 'admin'];
      const queues = queuesOf(roles);
      const counters: Record<Queue, () => Promise<number>> = {
        topups: () =>
          total(db.select({ value: count() }).from(recharges).where(eq(recharges.status, AuditStatus.AUDITING))),
        withdrawals: () =>
          total(db.select({ value: count() }).from(withdrawals).where(eq(withdrawals.status, AuditStatus.AUDITING))),
        refunds: () => total(db.select({ value: count() }).from(refunds).where(eq(refunds.state, 'pending'))),
        toShip: () =>
          total(db.select({ value: count() }).from(orders).where(eq(orders.status, OrderStatus.WAITING_DELIVERY))),
        complaints: () => total(db.select({ value: count() }).from(complaints).where(eq(complaints.state, 'open'))),
        // A thread waits while its latest message is the shopper's.
        service: () =>
          total(
            db
              .select({ value: count() })
              .from(serviceMessages)
              .where(
                and(
                  eq(serviceMessages.fromOperator, false),
                  eq(
                    serviceMessages.id,
                    sql`(SELECT max(m.id) FROM service_messages m WHERE m.user_id = ${serviceMessages.userId})`,
                  ),
                ),
              ),
          ),
        merchants: () => total(db.select({ value: count() }).from(merchantApplications)),
      };
      const counts = await Promise.all(queues.map(async (queue) => [queue, await counters[queue]()] as const));
      const since = startOfDay(now());
      const [topUps, withdrawn, paidOrders, refunded] = await Promise.all([
        cents(
          db
            .select({ value: sum(recharges.actualArrivalCents) })
            .from(recharges)
            .where(and(eq(recharges.status, AuditStatus.PASSED), gte(recharges.decidedAt, since))),
        ),
        cents(
          db
            .select({ value: sum(withdrawals.drawAmountCents) })
            .from(withdrawals)
            .where(and(eq(withdrawals.status, AuditStatus.PASSED), gte(withdrawals.decidedAt, since))),
        ),
        cents(
          db
            .select({ value: sum(orders.totalCents) })
            .from(orders)
            .where(and(gte(orders.paidAt, since), gt(orders.totalCents, 0))),
        ),
        cents(
          db
            .select({ value: sum(refunds.refundAmountCents) })
            .from(refunds)
            .where(and(eq(refunds.state, 'agreed'), gte(refunds.decidedAt, since))),
        ),
      ]);
      return ok(request, {
        pending: Object.fromEntries(counts) as Partial<Record<Queue, number>>,
        today: { topUps, withdrawals: withdrawn, paidOrders, refunds: refunded },
        since: since.toISOString(),
      });
    },
  );
};
