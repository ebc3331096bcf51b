import type { FastifyInstance } from 'fastify';
import { billQuery } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { shopperRouteKit } from '../user/shopper-route-kit';
import type { LedgerService } from './ledger.service';

export const ledgerRoutes = async (app: FastifyInstance, { service }: { service: LedgerService }) => {
  const { r, signedIn, callersPage } = shopperRouteKit(app, ['ledger']);
  callersPage(
    '/api/user/bill',
    "The caller's fund transactions (ledger entries), newest first",
    billQuery,
    (userId, query) => service.listBill(userId, query),
  );
  r.get(
    '/api/user/balance_history',
    signedIn("The caller's balance after each of the latest 200 entries, oldest first (fund-record chart)"),
    async (request) => ok(request, await service.balanceHistory(currentUser(request).id)),
  );
};
