import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, gte, sql, sum, type AnyColumn } from 'drizzle-orm';
import { z } from 'zod';
import { AuditStatus } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { orders, recharges, refunds, withdrawals } from '../../db/schema';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from './admin-auth';
import { operatorHeaders } from './operator-route-kit';

/** How many UTC days the dashboard's charts may ask for (default two weeks). */
const MAX_SUMMARY_DAYS = 92;

const summaryDaysQuery = z.object({
  days: z.coerce
    .number('err.invalidField')
    .int('err.invalidField')
    .min(1, 'err.invalidField')
    .max(MAX_SUMMARY_DAYS, 'err.invalidField')
    .default(14),
});

const MONEY_KINDS = ['topUps', 'withdrawals', 'paidOrders', 'refunds'] as const;
type MoneyKind = (typeof MONEY_KINDS)[number];

/** Start of a UTC day. */
const startOfDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const dayText = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The dashboard's charts (docs/decisions/0002-operator-accounts.md): each of the last `days` UTC days (today included, oldest first)
 * with the money of each kind in integer cents, counted as today's figures are (GET /api/admin/summary):
 * top-ups credited (arrival) and withdrawals approved by their decision day, orders by the day they were
 * paid, refunds agreed by their decision day. Days without any are 0.
 */
const summaryDays = async (db: Db, now: Date, days: number) => {
  const today = startOfDay(now);
  const since = new Date(today.getTime() - (days - 1) * 86_400_000);
  const byDay = (at: AnyColumn) => sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const fields = (amount: AnyColumn, at: AnyColumn) => ({ day: byDay(at), value: sum(amount) });
  const [topUps, withdrawn, paidOrders, refunded] = await Promise.all([
    db
      .select(fields(recharges.actualArrivalCents, recharges.decidedAt))
      .from(recharges)
      .where(and(eq(recharges.status, AuditStatus.PASSED), gte(recharges.decidedAt, since)))
      .groupBy(byDay(recharges.decidedAt)),
    db
      .select(fields(withdrawals.drawAmountCents, withdrawals.decidedAt))
      .from(withdrawals)
      .where(and(eq(withdrawals.status, AuditStatus.PASSED), gte(withdrawals.decidedAt, since)))
      .groupBy(byDay(withdrawals.decidedAt)),
    db
      .select(fields(orders.totalCents, orders.paidAt))
      .from(orders)
      .where(and(gte(orders.paidAt, since), gt(orders.totalCents, 0)))
      .groupBy(byDay(orders.paidAt)),
    db
      .select(fields(refunds.refundAmountCents, refunds.decidedAt))
      .from(refunds)
      .where(and(eq(refunds.state, 'agreed'), gte(refunds.decidedAt, since)))
      .groupBy(byDay(refunds.decidedAt)),
  ]);
  const rows: Record<MoneyKind, { day: string; value: string | number | null }[]> = {
    topUps,
    withdrawals: withdrawn,
    paidOrders,
    refunds: refunded,
  };
  const list = Array.from({ length: days }, (_, index) => {
    const day = dayText(new Date(since.getTime() + index * 86_400_000));
    return {
      day,
      ...(Object.fromEntries(
        MONEY_KINDS.map((kind) => [kind, Number(rows[kind].find((row) => row.day === day)?.value ?? 0)]),
      ) as Record<MoneyKind, number>),
    };
  });
  return { since: since.toISOString(), days: list };
};

/** `GET /api/admin/summary/days`: the dashboard's small charts, for any signed-in operator (as the summary). */
export const dashboardSummaryRoutes = async (
  app: FastifyInstance,
  { operators, db, now = () => new Date() }: { operators: OperatorAuth; db: Db; now?: () => Date },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/summary/days',
    {
      preHandler: operators.requireOperator,
      schema: {
        tags: ['admin'],
        summary: "Dashboard charts: each of the last N UTC days' top-ups, withdrawals, paid orders and refunds (cents)",
        headers: operatorHeaders,
        querystring: summaryDaysQuery,
      },
    },
    async (request) => ok(request, await summaryDays(db, now(), request.query.days)),
  );
};
