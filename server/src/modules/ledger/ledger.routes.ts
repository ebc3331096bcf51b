import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { billQuery } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from '../user/user.schemas';
import type { LedgerService } from './ledger.service';

export const ledgerRoutes = async (app: FastifyInstance, { service }: { service: LedgerService }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/bill',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['ledger'],
        summary: "The caller's fund transactions (ledger entries), newest first",
        headers: tokenHeaders,
        querystring: billQuery,
      },
    },
    async (request) => ok(request, await service.listBill(currentUser(request).id, request.query)),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/balance_history',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['ledger'],
        summary: "The caller's balance after each of the latest 200 entries, oldest first (fund-record chart)",
        headers: tokenHeaders,
      },
    },
    async (request) => ok(request, await service.balanceHistory(currentUser(request).id)),
  );
};
