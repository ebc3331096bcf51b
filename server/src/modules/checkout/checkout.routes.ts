import type { FastifyInstance } from 'fastify';
import { checkoutPreviewBody, createOrderBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { shopperRouteKit } from '../user/shopper-route-kit';
import type { CheckoutService } from './checkout.service';

export const checkoutRoutes = async (app: FastifyInstance, { service }: { service: CheckoutService }) => {
  const { r, signedIn } = shopperRouteKit(app, ['checkout']);
  r.post(
    '/api/order/preview',
    signedIn('Price selected bag items or a buy-now: one group per shop, freight, promo code, total', {
      body: checkoutPreviewBody,
    }),
    async (request) => ok(request, await service.preview(currentUser(request).id, request.body)),
  );
  r.post(
    '/api/order/create',
    signedIn('Create one waiting-pay order per shop; reserves stock and removes the bag lines', {
      body: createOrderBody,
    }),
    async (request) =>
      ok(request, await service.create(currentUser(request).id, request.body), 'ok.orders.createOrder'),
  );
};
