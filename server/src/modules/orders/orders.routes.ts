import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderIdBody, orderIdQuery, payOrdersBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from '../user/user.schemas';
import { orderListQuery } from './orders.schemas';
import type { OrdersService } from './orders.service';

export const ordersRoutes = async (app: FastifyInstance, { service }: { service: OrdersService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const preHandler = app.requireUser;

  r.get(
    '/api/user/order_list',
    {
      preHandler,
      schema: { tags, summary: "The caller's orders, by status", headers: tokenHeaders, querystring: orderListQuery },
    },
    async (request) => ok(request, await service.listOrders(currentUser(request).id, request.query)),
  );
  r.get(
    '/api/order/detail',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Items, amounts, address, logistics, refund and review of one order',
        headers: tokenHeaders,
        querystring: orderIdQuery,
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(request, await service.detail(request.query.id, user.id, request.t, user.account));
    },
  );
  r.post(
    '/api/order/pay',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Pay waiting orders from the balance with the payment code (exactly once)',
        headers: tokenHeaders,
        body: payOrdersBody,
      },
    },
    async (request) => ok(request, await service.pay(currentUser(request), request.body), 'ok.orders.pay'),
  );
  r.post(
    '/api/order/cancel',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Cancel a waiting-pay order; its stock is released',
        headers: tokenHeaders,
        body: orderIdBody,
      },
    },
    async (request) => {
      await service.cancel(currentUser(request).id, request.body.id);
      return ok(request, null, 'ok.orders.cancelOrder');
    },
  );
  r.post(
    '/api/order/confirm',
    {
      preHandler,
      schema: { tags, summary: 'Confirm receipt of a delivered order', headers: tokenHeaders, body: orderIdBody },
    },
    async (request) => {
      await service.confirm(currentUser(request).id, request.body.id);
      return ok(request, null, 'ok.orders.confirmReceived');
    },
  );
};
