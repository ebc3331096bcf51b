import type { FastifyInstance } from 'fastify';
import { rechargeBody, recordQuery, withdrawBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { SHARED_ADDRESS_FACTOR, throttles } from '../../plugins/app/throttle';
import { shopperRouteKit } from '../user/shopper-route-kit';
import type { WalletService } from './wallet.service';

/** Wallet calls (requirements §6, §12.3): networks, top-up, withdraw and both record lists. */
export const walletRoutes = async (app: FastifyInstance, { service }: { service: WalletService }) => {
  const { r, signedIn, callersPage } = shopperRouteKit(app, ['wallet']);
  // A shopper submits a handful of these a day; the limit stops a script, not a person. Per signed-in
  // shopper; per address only loosely, as many shoppers share a mobile carrier's address.
  const perShopper = Number(process.env.WALLET_RATE_LIMIT_MAX) || 30;
  const limited = (name: string) => [
    app.requireUser,
    ...throttles(
      app,
      name,
      { perIp: perShopper * SHARED_ADDRESS_FACTOR, perSubject: perShopper, windowMs: 60_000 },
      (request) => String(currentUser(request).id),
    ),
  ];

  r.get(
    '/api/user/getBlockchain',
    signedIn('Deposit channels (on-chain networks, bank, manual) that are open'),
    async (request) => ok(request, await service.blockchain()),
  );
  r.post(
    '/api/user/recharge',
    {
      ...signedIn(
        'Top up: bank, on-chain or manual with payment evidence (auditing until an operator decides), or card (credited at once). A repeated requestId is applied once.',
        { body: rechargeBody },
      ),
      preHandler: limited('topUp'),
    },
    async (request) => {
      const result = await service.recharge(currentUser(request), request.body);
      return ok(request, result, request.body.method === 'card' ? 'ok.wallet.cardRecharge' : 'ok.wallet.recharge');
    },
  );
  r.get(
    '/api/user/extract',
    signedIn('What a withdrawal needs: balance, service charge rate, minimum, payout networks'),
    async (request) => ok(request, await service.withdrawInfo(currentUser(request))),
  );
  r.post(
    '/api/user/extract',
    {
      ...signedIn(
        'Withdraw to a bank card or on-chain with the payment code; the amount is held at once and the service charge comes out of it',
        { body: withdrawBody },
      ),
      preHandler: limited('withdraw'),
    },
    async (request) => ok(request, await service.withdraw(currentUser(request), request.body), 'ok.wallet.withdrawal'),
  );
  callersPage('/api/user/recharge_log', "The caller's top-ups, by audit status", recordQuery, (userId, query) =>
    service.listRecharges(userId, query),
  );
  callersPage('/api/user/extract_log', "The caller's withdrawals, by audit status", recordQuery, (userId, query) =>
    service.listWithdrawals(userId, query),
  );
};
