import type { FastifyInstance } from 'fastify';
import { orderIdBody, orderIdQuery, payOrdersBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { shopperRouteKit } from '../user/shopper-route-kit';
import { orderListQuery } from './orders.schemas';
import type { OrdersService } from './orders.service';

export const ordersRoutes = async (app: FastifyInstance, { service }: { service: OrdersService }) => {
  const { r, signedIn, callersPage } = shopperRouteKit(app, ['orders']);

  callersPage('/api/user/order_list', "The caller's orders, by status", orderListQuery, (userId, query) =>
    service.listOrders(userId, query),
  );
  r.get(
    '/api/order/detail',
    signedIn('Items, amounts, address, logistics, refund and review of one order', { querystring: orderIdQuery }),
    async (request) => {
      const user = currentUser(request);
      return ok(request, await service.detail(request.query.id, user.id, request.t, user.account));
    },
  );
  r.post(
    '/api/order/pay',
    signedIn('Pay waiting orders from the balance with the payment code (exactly once)', { body: payOrdersBody }),
    async (request) => ok(request, await service.pay(currentUser(request), request.body), 'ok.orders.pay'),
  );
  r.post(
    '/api/order/cancel',
    signedIn('Cancel a waiting-pay order; its stock is released', { body: orderIdBody }),
    async (request) => {
      await service.cancel(currentUser(request).id, request.body.id);
      return ok(request, null, 'ok.orders.cancelOrder');
    },
  );
  r.post(
    '/api/order/confirm',
    signedIn('Confirm receipt of a delivered order', { body: orderIdBody }),
    async (request) => {
      await service.confirm(currentUser(request).id, request.body.id);
      return ok(request, null, 'ok.orders.confirmReceived');
    },
  );
};
