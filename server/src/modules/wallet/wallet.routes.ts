import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rechargeBody, recordQuery, withdrawBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { SHARED_ADDRESS_FACTOR, throttles } from '../../plugins/app/throttle';
import { tokenHeaders } from '../user/user.schemas';
import type { WalletService } from './wallet.service';

/** Wallet calls (requirements §6, §12.3): networks, top-up, withdraw and both record lists. */
export const walletRoutes = async (app: FastifyInstance, { service }: { service: WalletService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const preHandler = app.requireUser;
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
    {
      preHandler,
      schema: {
        tags,
        summary: 'Deposit channels (on-chain networks, bank, manual) that are open',
        headers: tokenHeaders,
      },
    },
    async (request) => ok(request, await service.blockchain()),
  );
  r.post(
    '/api/user/recharge',
    {
      preHandler: limited('topUp'),
      schema: {
        tags,
        summary:
          'Top up: bank, on-chain or manual with payment evidence (auditing until an operator decides), or card (credited at once). A repeated requestId is applied once.',
        headers: tokenHeaders,
        body: rechargeBody,
      },
    },
    async (request) => {
      const result = await service.recharge(currentUser(request), request.body);
      return ok(request, result, request.body.method === 'card' ? 'ok.wallet.cardRecharge' : 'ok.wallet.recharge');
    },
  );
  r.get(
    '/api/user/extract',
    {
      preHandler,
      schema: {
        tags,
        summary: 'What a withdrawal needs: balance, service charge rate, minimum, payout networks',
        headers: tokenHeaders,
      },
    },
    async (request) => ok(request, await service.withdrawInfo(currentUser(request))),
  );
  r.post(
    '/api/user/extract',
    {
      preHandler: limited('withdraw'),
      schema: {
        tags,
        summary:
          'Withdraw to a bank card or on-chain with the payment code; the amount is held at once and the service charge comes out of it',
        headers: tokenHeaders,
        body: withdrawBody,
      },
    },
    async (request) => ok(request, await service.withdraw(currentUser(request), request.body), 'ok.wallet.withdrawal'),
  );
  r.get(
    '/api/user/recharge_log',
    {
      preHandler,
      schema: {
        tags,
        summary: "The caller's top-ups, by audit status",
        headers: tokenHeaders,
        querystring: recordQuery,
      },
    },
    async (request) => ok(request, await service.listRecharges(currentUser(request).id, request.query)),
  );
  r.get(
    '/api/user/extract_log',
    {
      preHandler,
      schema: {
        tags,
        summary: "The caller's withdrawals, by audit status",
        headers: tokenHeaders,
        querystring: recordQuery,
      },
    },
    async (request) => ok(request, await service.listWithdrawals(currentUser(request).id, request.query)),
  );
};
