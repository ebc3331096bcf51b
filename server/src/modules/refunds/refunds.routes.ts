import type { FastifyInstance } from 'fastify';
import { refundBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { shopperRouteKit } from '../user/shopper-route-kit';
import type { RefundsService } from './refunds.service';

export const refundsRoutes = async (app: FastifyInstance, { service }: { service: RefundsService }) => {
  const { r, signedIn } = shopperRouteKit(app, ['refunds']);
  r.post(
    '/api/order/refund',
    signedIn('Request a refund (one per order): amount ≤ paid, reason, explanation and uploaded proof', {
      body: refundBody,
    }),
    async (request) => {
      await service.request(currentUser(request).id, request.body);
      return ok(request, null, 'ok.orders.refundApplied');
    },
  );
};
