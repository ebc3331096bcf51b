import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EVIDENCE_METHODS, queryIdField, recordQuery, type RecordQuery } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from '../admin/admin-auth';
import { adminTokenHeaders, operatorRouteKit } from '../admin/operator-route-kit';
import type { WalletService } from './wallet.service';

const recordId = queryIdField('err.wallet.recordNotFound');
const noNul = (value: string) => !value.includes('\u0000');

const decisionBody = z.object({
  id: recordId,
  agree: z.boolean('err.invalidBody'),
  reason: z.string().max(500, 'err.invalidBody').refine(noNul, 'err.invalidBody').default(''),
});

const channelBody = z.object({
  method: z.enum(EVIDENCE_METHODS, 'err.wallet.methodInvalid'),
  name: z
    .string()
    .trim()
    .min(1, 'err.wallet.channelName')
    .max(64, 'err.wallet.channelName')
    .refine(noNul, 'err.wallet.channelName'),
  address: z
    .string()
    .trim()
    .min(1, 'err.wallet.channelAddress')
    .max(128, 'err.wallet.channelAddress')
    .refine(noNul, 'err.wallet.channelAddress'),
  detail: z.string().max(200, 'err.invalidBody').refine(noNul, 'err.invalidBody').default(''),
  addressPattern: z
    .string()
    .max(200, 'err.invalidBody')
    .refine((pattern) => {
      try {
        new RegExp(pattern);
        return noNul(pattern);
      } catch {
        return false;
      }
    }, 'err.invalidBody')
    .default(''),
  minAmount: z
    .number('err.invalidBody')
    .int('err.invalidBody')
    .min(1, 'err.invalidBody')
    .max(100_000_000, 'err.invalidBody')
    .default(100),
  withdrawable: z.boolean('err.invalidBody').default(false),
  sort: z.number('err.invalidBody').int('err.invalidBody').min(0).max(10_000).default(0),
});

/** Operator side of the wallet: audit queues, decisions (once each, audited) and deposit channels. */
export const walletAdminRoutes = async (
  app: FastifyInstance,
  { operators, service }: { operators: OperatorAuth; service: WalletService },
) => {
  const { r, tags, preHandler } = operatorRouteKit(app, operators);
  const headers = adminTokenHeaders;
  const base = { preHandler };

  /** An audit queue: the records of one kind of every shopper, by audit status. */
  const queueRoute = <T>(url: string, summary: string, list: (userId: null, query: RecordQuery) => Promise<T>) =>
    r.get(url, { ...base, schema: { tags, summary, headers, querystring: recordQuery } }, async (request) =>
      ok(request, await list(null, request.query)),
    );
  /** The decision on one record of a queue: once, audited under `kind`. */
  const decisionRoute = <T>(
    kind: 'recharge' | 'withdrawal',
    summary: string,
    decide: (id: number, agree: boolean, reason: string) => Promise<T>,
  ) =>
    r.post(
      `/api/admin/${kind}/decide`,
      { ...base, schema: { tags, summary, headers, body: decisionBody } },
      async (request) =>
        ok(
          request,
          await operators.decidedOnce(kind, request.body.id, () =>
            decide(request.body.id, request.body.agree, request.body.reason),
          ),
        ),
    );

  queueRoute('/api/admin/recharges', 'Top-ups of every shopper, by audit status', service.listRecharges);
  decisionRoute(
    'recharge',
    'Approve (credit the balance) or refuse (with a reason) a top-up, once',
    service.decideRecharge,
  );
  queueRoute('/api/admin/withdrawals', 'Withdrawals of every shopper, by audit status', service.listWithdrawals);
  r.get(
    '/api/admin/withdrawal',
    {
      ...base,
      schema: {
        tags,
        summary: 'One withdrawal with its full payout account',
        headers,
        querystring: z.object({ id: recordId }),
      },
    },
    async (request) => ok(request, await service.withdrawalForOperator(request.query.id)),
  );
  decisionRoute(
    'withdrawal',
    'Approve (paid out) or refuse (held amount returned) a withdrawal, once',
    service.decideWithdrawal,
  );
  r.get(
    '/api/admin/deposit_channels',
    { ...base, schema: { tags, summary: 'Every deposit channel, open or closed', headers } },
    async (request) => ok(request, await service.listChannels()),
  );
  r.post(
    '/api/admin/deposit_channel',
    {
      ...base,
      schema: { tags, summary: 'Add a deposit channel (DEX, BSC and HECO are refused)', headers, body: channelBody },
    },
    async (request) => {
      const { minAmount, ...rest } = request.body;
      return ok(request, await service.addChannel({ ...rest, minAmountCents: minAmount }));
    },
  );
  r.post(
    '/api/admin/deposit_channel/enabled',
    {
      ...base,
      schema: {
        tags,
        summary: 'Open or close a deposit channel',
        headers,
        body: z.object({ id: recordId, enabled: z.boolean('err.invalidBody') }),
      },
    },
    async (request) => ok(request, await service.setChannelEnabled(request.body.id, request.body.enabled)),
  );
  r.get(
    '/api/admin/audit',
    {
      ...base,
      schema: {
        tags,
        summary: 'The latest operator decisions and configuration changes',
        headers,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
      },
    },
    async (request) => ok(request, await service.listAudit(request.query.limit)),
  );
};
