import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gt, gte, ilike, or, sql, sum, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AUDIT_FILTERS, AuditStatus, OrderStatus, pageQuerySchema } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import {
  complaints,
  ledgerEntries,
  merchantApplications,
  orders,
  recharges,
  refunds,
  serviceMessages,
  users,
  withdrawals,
} from '../../db/schema';
import type { OperatorRole } from '../../db/schema/operators';
import { fail } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from './admin-auth';
import { operatorRouteKit } from './operator-route-kit';

const noNul = (value: string) => !value.includes('\u0000');

/** `GET /api/admin/shopper?account=`: one shopper by account (exact, any case). */
const shopperQuery = z.object({
  account: z
    .string('err.admin.userNotFound')
    .trim()
    .min(1, 'err.admin.userNotFound')
    .max(64, 'err.admin.userNotFound')
    .refine(noNul, 'err.admin.userNotFound'),
});

/** How many of a shopper's latest ledger entries, orders and refunds the shopper page shows. */
const SHOPPER_PAGE_ROWS = 50;

/** `GET /api/admin/topups`: the finance queue of top-ups with the shopper and the evidence picture. */
const topUpQueueQuery = pageQuerySchema.extend({
  status: z.enum(AUDIT_FILTERS, 'err.invalidField').default('0'),
  /** A top-up number or a shopper account (part of it, any case). */
  q: z.string('err.invalidField').trim().max(64, 'err.invalidField').refine(noNul, 'err.invalidField').default(''),
});

/** `%`, `_` and `\` in a search stay literal in ILIKE. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

/** The shopper page's rows of one kind: the shopper's own, newest first, at most SHOPPER_PAGE_ROWS. */
const newestOfShopper = <Q extends PgSelect>(
  query: Q,
  rows: { id: AnyPgColumn; userId: AnyPgColumn },
  userId: number,
) => query.where(eq(rows.userId, userId)).orderBy(desc(rows.id)).limit(SHOPPER_PAGE_ROWS);

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
        summary: 'Top-ups by audit status (default: waiting), searchable by number or account, with the evidence',
        headers,
        querystring: topUpQueueQuery,
      },
    },
    async (request) => {
      const { status, q, page, pageSize } = request.query;
      const where: SQL | undefined = and(
        status === 'all' ? undefined : eq(recharges.status, Number(status) as AuditStatus),
        q ? or(ilike(recharges.rechargeNo, likeOf(q)), ilike(users.account, likeOf(q))) : undefined,
      );
      const [rows, totals] = await Promise.all([
        db
          .select({ recharge: recharges, account: users.account })
          .from(recharges)
          .innerJoin(users, eq(users.id, recharges.userId))
          .where(where)
          .orderBy(desc(recharges.id))
          .offset((page - 1) * pageSize)
          .limit(pageSize),
        db.select({ value: count() }).from(recharges).innerJoin(users, eq(users.id, recharges.userId)).where(where),
      ]);
      return ok(request, {
        list: rows.map(({ recharge, account }) => ({
          id: recharge.id,
          rechargeNo: recharge.rechargeNo,
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

  r.get(
    '/api/admin/shopper',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'One shopper by account: balance, latest ledger entries (with the balance after each), orders and refunds',
        headers,
        querystring: shopperQuery,
      },
    },
    async (request) => {
      const [user] = await db
        .select({ id: users.id, account: users.account, balance: users.balance, createdAt: users.createdAt })
        .from(users)
        .where(
          ilike(
            users.account,
            request.query.account.replace(/[\\%_]/g, (c) => `\\${c}`),
          ),
        );
      if (!user) throw fail('err.admin.userNotFound');
      const [ledger, orderRows, refundRows] = await Promise.all([
        newestOfShopper(db.select().from(ledgerEntries).$dynamic(), ledgerEntries, user.id),
        newestOfShopper(
          db
            .select({
              id: orders.id,
              orderNo: orders.orderNo,
              status: orders.status,
              total: orders.totalCents,
              createdAt: orders.createdAt,
            })
            .from(orders)
            .$dynamic(),
          orders,
          user.id,
        ),
        newestOfShopper(
          db
            .select({
              id: refunds.id,
              orderId: refunds.orderId,
              amount: refunds.refundAmountCents,
              state: refunds.state,
              reason: refunds.reason,
              createdAt: refunds.createdAt,
            })
            .from(refunds)
            .$dynamic(),
          refunds,
          user.id,
        ),
      ]);
      return ok(request, {
        id: user.id,
        account: user.account,
        balance: user.balance,
        createdAt: user.createdAt.toISOString(),
        ledger: ledger.map((entry) => ({
          id: entry.id,
          amount: entry.amountCents,
          balanceAfter: entry.balanceAfterCents,
          kind: entry.kind,
          reference: entry.reference,
          note: entry.note,
          createdAt: entry.createdAt.toISOString(),
        })),
        orders: orderRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        refunds: refundRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      });
    },
  );
};
