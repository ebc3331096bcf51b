import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from '../user/user.schemas';
import { orderListQuery } from './orders.schemas';
import type { OrdersService } from './orders.service';

export const ordersRoutes = async (app: FastifyInstance, { service }: { service: OrdersService }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/order_list',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, by status",
        headers: tokenHeaders,
        querystring: orderListQuery,
      },
    },
    async (request) => ok(request, await service.listOrders(currentUser(request).id, request.query)),
  );
};
