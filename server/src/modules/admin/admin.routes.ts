import type { FastifyInstance } from 'fastify';
import { orderIdQuery } from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { LedgerService } from '../ledger/ledger.service';
import { orderListQuery } from '../orders/orders.schemas';
import type { OrdersService } from '../orders/orders.service';
import type { RefundsService } from '../refunds/refunds.service';
import { operatorDocument } from '../../plugins/external/swagger';
import type { UserRepository } from '../user/user.repository';
import type { OperatorAuth } from './admin-auth';
import { adminTokenHeaders, operatorRouteKit } from './operator-route-kit';
import { adminOrderIdBody, balanceAdjustBody, refundDecisionBody, shipBody } from './admin.schemas';

interface Options {
  operators: OperatorAuth;
  orders: OrdersService;
  refunds: RefundsService;
  ledger: LedgerService;
  users: UserRepository;
}

/**
 * Operator API: an operator session with the route's role (admin/operator-routes.ts), or the automation
 * token where allowed; a shopper token is never enough.
 */
export const adminRoutes = async (app: FastifyInstance, { operators, orders, refunds, ledger, users }: Options) => {
  const { r, tags, preHandler } = operatorRouteKit(app, operators);
  const headers = adminTokenHeaders;
  const base = { preHandler };

  // The operator calls, left out of the public /api/docs/json.
  r.get('/api/admin/docs/json', { ...base, schema: { hide: true } }, async () => operatorDocument(app));

  r.get(
    '/api/admin/orders',
    { ...base, schema: { tags, summary: 'Every order, by status', headers, querystring: orderListQuery } },
    async (request) => ok(request, await orders.listOrders(null, request.query)),
  );
  r.get(
    '/api/admin/order',
    {
      ...base,
      schema: { tags, summary: 'One order with logistics, refund and review', headers, querystring: orderIdQuery },
    },
    async (request) => ok(request, await orders.detail(request.query.id, null, request.t)),
  );
  r.post(
    '/api/admin/order/ship',
    { ...base, schema: { tags, summary: 'Ship a paid order (carrier + tracking number)', headers, body: shipBody } },
    async (request) => {
      await orders.ship(request.body.id, request.body.carrier, request.body.trackingNo);
      return ok(request, null);
    },
  );
  r.post(
    '/api/admin/order/deliver',
    { ...base, schema: { tags, summary: 'Record that the parcel was delivered', headers, body: adminOrderIdBody } },
    async (request) => {
      await orders.markDelivered(request.body.id);
      return ok(request, null);
    },
  );
  r.get(
    '/api/admin/refunds',
    { ...base, schema: { tags, summary: 'Refund requests waiting for a decision', headers } },
    async (request) => ok(request, await refunds.listPending()),
  );
  r.post(
    '/api/admin/refund/decide',
    {
      ...base,
      schema: {
        tags,
        summary: 'Agree (money back) or refuse (with a reason) a refund',
        headers,
        body: refundDecisionBody,
      },
    },
    async (request) => {
      await operators.decidedOnce('refund', request.body.orderId, () =>
        refunds.decide(request.body.orderId, request.body.agree, request.body.reason),
      );
      return ok(request, null);
    },
  );
  r.post(
    '/api/admin/balance/adjust',
    {
      ...base,
      schema: {
        tags,
        summary: 'Credit or debit a shopper with a reason (adjustment ledger entry)',
        headers,
        body: balanceAdjustBody,
      },
    },
    async (request) => {
      const user = await users.findByAccount(request.body.account);
      if (!user) throw fail('err.admin.userNotFound');
      return ok(request, await ledger.adjust(user.id, request.body.amount, request.body.reason));
    },
  );
  r.get(
    '/api/admin/ledger/check',
    {
      ...base,
      schema: { tags, summary: 'Shoppers whose balance differs from the sum of their ledger entries', headers },
    },
    async (request) => {
      const mismatches = await ledger.mismatches();
      return ok(request, { ok: mismatches.length === 0, mismatches });
    },
  );
};
