import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refundBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from '../user/user.schemas';
import type { RefundsService } from './refunds.service';

export const refundsRoutes = async (app: FastifyInstance, { service }: { service: RefundsService }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/order/refund',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['refunds'],
        summary: 'Request a refund (one per order): amount ≤ paid, reason, explanation and uploaded proof',
        headers: tokenHeaders,
        body: refundBody,
      },
    },
    async (request) => {
      await service.request(currentUser(request).id, request.body);
      return ok(request, null, 'ok.orders.refundApplied');
    },
  );
};
