import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { operatorAudit, orders, users } from '../../db/schema';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from './admin-auth';
import { dateField, likeOf, searchText } from './console-query';
import { operatorRouteKit } from './operator-route-kit';

const auditQuery = z.object({
  /** Part of the operator's name (the audit's actor). */
  operator: searchText,
  /** One action (`recharge.approve`) or a family of them (`recharge.`). */
  action: z
    .string('err.invalidField')
    .trim()
    .max(64, 'err.invalidField')
    .regex(/^[a-zA-Z.]*$/, 'err.invalidField')
    .default(''),
  /** A shopper's account (exact, any case): the decisions on them, their top-ups, withdrawals and refunds. */
  shopper: searchText,
  from: dateField,
  to: dateField,
  page: z.coerce.number('err.invalidField').int('err.invalidField').min(1).max(100_000).default(1),
  /** Up to 500 a page: the CSV export reads every filtered row a page at a time. */
  pageSize: z.coerce.number('err.invalidField').int('err.invalidField').min(1).max(500).default(20),
});

/** The rows of the audit that concern shopper `userId`, whatever the decision's target. */
const ofShopper = (userId: number): SQL =>
  or(
    and(eq(operatorAudit.targetType, 'user'), eq(operatorAudit.targetId, String(userId))),
    like(operatorAudit.detail, `%"userId":${userId},%`),
    like(operatorAudit.detail, `%"userId":${userId}}%`),
    and(
      eq(operatorAudit.targetType, 'refund'),
      sql`${operatorAudit.targetId} IN (SELECT ${orders.id}::text FROM ${orders} WHERE ${orders.userId} = ${userId})`,
    ),
  )!;

const detailOf = (text: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return text ? { note: text } : {};
  }
};

/**
 * The console's audit page (requirements §10: every decision records who made it): the operator audit
 * filtered by operator, action, shopper and date, newest first, paged with its total, and the actions
 * there are for the filter's list.
 */
export const auditRoutes = async (app: FastifyInstance, { operators, db }: { operators: OperatorAuth; db: Db }) => {
  const { r, tags, headers, preHandler } = operatorRouteKit(app, operators);

  r.get(
    '/api/admin/audit_log',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The operator audit filtered by operator, action, shopper and date; newest first, paged',
        headers,
        querystring: auditQuery,
      },
    },
    async (request) => {
      const { operator, action, shopper, from, to, page, pageSize } = request.query;
      let shopperId: number | undefined;
      if (shopper) {
        const [user] = await db
          .select({ id: users.id })
          .from(users)
          .where(
            ilike(
              users.account,
              shopper.replace(/[\\%_]/g, (c) => `\\${c}`),
            ),
          );
        shopperId = user?.id ?? -1;
      }
      const where = and(
        operator ? ilike(operatorAudit.actor, likeOf(operator)) : undefined,
        action
          ? action.endsWith('.')
            ? like(operatorAudit.action, `${action}%`)
            : eq(operatorAudit.action, action)
          : undefined,
        shopperId !== undefined ? ofShopper(shopperId) : undefined,
        from ? gte(operatorAudit.createdAt, from) : undefined,
        to ? lt(operatorAudit.createdAt, to) : undefined,
      );
      const [rows, totals, actions] = await Promise.all([
        db
          .select()
          .from(operatorAudit)
          .where(where)
          .orderBy(desc(operatorAudit.id))
          .offset((page - 1) * pageSize)
          .limit(pageSize),
        db.select({ value: count() }).from(operatorAudit).where(where),
        db.selectDistinct({ action: operatorAudit.action }).from(operatorAudit).orderBy(asc(operatorAudit.action)),
      ]);
      return ok(request, {
        list: rows.map((row) => ({
          id: row.id,
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          detail: detailOf(row.detail),
          operatorId: row.operatorId,
          operator: row.actor,
          createdAt: row.createdAt.toISOString(),
        })),
        total: Number(totals[0]?.value ?? 0),
        page,
        pageSize,
        actions: actions.map((row) => row.action),
      });
    },
  );
};
