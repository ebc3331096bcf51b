import type { FastifyInstance } from 'fastify';
import { billQuery } from '@marketplace/shared/contracts';
import { shopperRouteKit } from '../user/shopper-route-kit';
import type { LedgerService } from './ledger.service';

export const ledgerRoutes = async (app: FastifyInstance, { service }: { service: LedgerService }) => {
  const { callersPage, callersRead } = shopperRouteKit(app, ['ledger']);
  callersPage(
    '/api/user/bill',
    "The caller's fund transactions (ledger entries), newest first",
    billQuery,
    (userId, query) => service.listBill(userId, query),
  );
  callersRead(
    '/api/user/balance_history',
    "The caller's balance after each of the latest 200 entries, oldest first (fund-record chart)",
    (userId) => service.balanceHistory(userId),
  );
};
