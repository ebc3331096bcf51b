import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from '../admin/admin-auth';
import { operatorHeaders as headers } from '../admin/operator-route-kit';
import { recordDecision } from '../operators/operators.repository';
import { originOf } from './sellers.routes';
import { approveBody } from './sellers.schemas';
import type { SellersService } from './sellers.service';

/** The operators' side: approving a merchant application creates (or binds) the shop and invites its owner. */
export const sellersAdminRoutes = async (
  app: FastifyInstance,
  { operators, service }: { operators: OperatorAuth; service: SellersService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/merchant_application/approve',
    {
      preHandler: operators.requireOperator,
      schema: {
        tags: ['admin'],
        summary: 'Approve a merchant application: its shop and an invitation mailed to the owner',
        headers,
        body: approveBody,
      },
    },
    async (request) => {
      const { id, email } = request.body;
      const approved = await service.approve(id, email, originOf(request));
      await recordDecision(app.database.db, {
        action: 'merchant.approve',
        targetType: 'merchant_application',
        targetId: String(id),
        detail: JSON.stringify({ shopId: approved.shopId, email }),
      });
      return ok(request, approved, 'ok.seller.approved');
    },
  );
};
