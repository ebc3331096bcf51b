import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutPreviewBody, createOrderBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from '../user/user.schemas';
import type { CheckoutService } from './checkout.service';

export const checkoutRoutes = async (app: FastifyInstance, { service }: { service: CheckoutService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/order/preview',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['checkout'],
        summary: 'Price selected bag items or a buy-now: one group per shop, freight, promo code, total',
        headers: tokenHeaders,
        body: checkoutPreviewBody,
      },
    },
    async (request) => ok(request, await service.preview(currentUser(request).id, request.body)),
  );
  r.post(
    '/api/order/create',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['checkout'],
        summary: 'Create one waiting-pay order per shop; reserves stock and removes the bag lines',
        headers: tokenHeaders,
        body: createOrderBody,
      },
    },
    async (request) =>
      ok(request, await service.create(currentUser(request).id, request.body), 'ok.orders.createOrder'),
  );
};
