import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { pageQuerySchema } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { addresses, ledgerEntries, orders, refunds, users, userTokens } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { recordDecision } from '../operators/operators.repository';
import type { OperatorAuth } from './admin-auth';
import { accountField, likeOf, reasonField, searchText } from './console-query';
import { operatorRouteKit } from './operator-route-kit';

/** How many of a shopper's latest ledger entries, orders and refunds the shopper page shows. */
const SHOPPER_PAGE_ROWS = 50;

/** The shopper page's rows of one kind: the shopper's own, newest first, at most SHOPPER_PAGE_ROWS. */
const newestOfShopper = <Q extends PgSelect>(
  query: Q,
  rows: { id: AnyPgColumn; userId: AnyPgColumn },
  userId: number,
) => query.where(eq(rows.userId, userId)).orderBy(desc(rows.id)).limit(SHOPPER_PAGE_ROWS);

const exactAccount = (account: string) =>
  ilike(
    users.account,
    account.replace(/[\\%_]/g, (c) => `\\${c}`),
  );

const directoryColumns = {
  id: users.id,
  account: users.account,
  email: users.email,
  mobile: users.mobile,
  familyName: users.familyName,
  givenName: users.givenName,
  vipLevel: users.vipLevel,
  balance: users.balance,
  frozenAt: users.frozenAt,
  paymentLockedUntil: users.paymentLockedUntil,
  createdAt: users.createdAt,
};

interface DirectoryRow {
  id: number;
  account: string;
  email: string;
  mobile: string;
  familyName: string;
  givenName: string;
  vipLevel: number;
  balance: number;
  frozenAt: Date | null;
  paymentLockedUntil: Date | null;
  createdAt: Date;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

const directoryEntry = (row: DirectoryRow, now: Date) => ({
  id: row.id,
  account: row.account,
  email: row.email,
  mobile: row.mobile,
  name: [row.givenName, row.familyName].filter(Boolean).join(' '),
  vipLevel: row.vipLevel,
  balance: row.balance,
  frozen: row.frozenAt !== null,
  frozenAt: iso(row.frozenAt),
  paymentLocked: row.paymentLockedUntil !== null && row.paymentLockedUntil > now,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The shopper directory and page of the console (requirements §10): search by part of the account, e-mail
 * or phone; one shopper with contact details, addresses, VIP level, ledger, orders and refunds; freeze and
 * unfreeze (no sign-in, no payment; the shopper's sessions end), and clearing a payment-code lock, each
 * audited with its reason in the same transaction.
 */
export const shoppersRoutes = async (
  app: FastifyInstance,
  { operators, db, now = () => new Date() }: { operators: OperatorAuth; db: Db; now?: () => Date },
) => {
  const { r, tags, headers, preHandler } = operatorRouteKit(app, operators);

  const shopperOf = async (account: string) => {
    const [row] = await db.select(directoryColumns).from(users).where(exactAccount(account));
    if (!row) throw fail('err.admin.userNotFound');
    return row;
  };

  r.get(
    '/api/admin/shoppers',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Shopper directory: part of the account, e-mail or phone (any case), newest first, paged',
        headers,
        querystring: pageQuerySchema.extend({ q: searchText }),
      },
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      const where: SQL | undefined = q
        ? or(ilike(users.account, likeOf(q)), ilike(users.email, likeOf(q)), ilike(users.mobile, likeOf(q)))
        : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select(directoryColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.id))
          .offset((page - 1) * pageSize)
          .limit(pageSize),
        db.select({ value: count() }).from(users).where(where),
      ]);
      const at = now();
      return ok(request, {
        list: rows.map((row) => directoryEntry(row, at)),
        total: Number(totals[0]?.value ?? 0),
        page,
        pageSize,
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
          'One shopper by account: contact details, addresses, VIP level, balance, latest ledger entries, orders, refunds',
        headers,
        querystring: z.object({ account: accountField }),
      },
    },
    async (request) => {
      const user = await shopperOf(request.query.account);
      const [ledger, orderRows, refundRows, addressRows] = await Promise.all([
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
              orderNo: orders.orderNo,
              amount: refunds.refundAmountCents,
              state: refunds.state,
              reason: refunds.reason,
              createdAt: refunds.createdAt,
            })
            .from(refunds)
            .innerJoin(orders, eq(orders.id, refunds.orderId))
            .$dynamic(),
          refunds,
          user.id,
        ),
        db
          .select({
            id: addresses.id,
            addressee: addresses.addressee,
            mobilePhone: addresses.mobilePhone,
            area: addresses.area,
            detailedAddress: addresses.detailedAddress,
            isDefault: addresses.isDefault,
          })
          .from(addresses)
          .where(eq(addresses.userId, user.id))
          .orderBy(desc(addresses.isDefault), desc(addresses.id)),
      ]);
      return ok(request, {
        ...directoryEntry(user, now()),
        addresses: addressRows,
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

  r.post(
    '/api/admin/shopper/frozen',
    {
      preHandler,
      schema: {
        tags,
        summary: "Freeze (no sign-in, no payment; the shopper's sessions end) or unfreeze a shopper, with a reason",
        headers,
        body: z.object({ account: accountField, frozen: z.boolean('err.invalidBody'), reason: reasonField }),
      },
    },
    async (request) => {
      const { account, frozen, reason } = request.body;
      const user = await shopperOf(account);
      const at = now();
      await inTransaction(db, async (tx) => {
        await tx
          .update(users)
          .set({ frozenAt: frozen ? at : null })
          .where(eq(users.id, user.id));
        if (frozen) {
          await tx
            .update(userTokens)
            .set({ revokedAt: at })
            .where(and(eq(userTokens.userId, user.id), isNull(userTokens.revokedAt)));
        }
        await recordDecision(tx, {
          action: frozen ? 'shopper.freeze' : 'shopper.unfreeze',
          targetType: 'user',
          targetId: String(user.id),
          detail: JSON.stringify({ userId: user.id, account: user.account, reason }),
        });
      });
      return ok(request, { account: user.account, frozen });
    },
  );

  r.post(
    '/api/admin/shopper/payment_unlock',
    {
      preHandler,
      schema: {
        tags,
        summary: "Clear a shopper's payment-code lock and failed tries, with a reason",
        headers,
        body: z.object({ account: accountField, reason: reasonField }),
      },
    },
    async (request) => {
      const { account, reason } = request.body;
      const user = await shopperOf(account);
      await inTransaction(db, async (tx) => {
        await tx
          .update(users)
          .set({ paymentFailures: 0, paymentLockedUntil: null, paymentClaims: [] })
          .where(eq(users.id, user.id));
        await recordDecision(tx, {
          action: 'shopper.paymentUnlock',
          targetType: 'user',
          targetId: String(user.id),
          detail: JSON.stringify({ userId: user.id, account: user.account, reason }),
        });
      });
      return ok(request, { account: user.account, paymentLocked: false });
    },
  );
};
