import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assistBody,
  assistHistoryBody,
  assistListBody,
  complaintBody,
  merchantApplyBody,
  SUPPORT_OK_KEY,
  vipUpgradeBody,
} from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders as headers } from '../user/user.schemas';
import type { CommunityService } from './community.service';

/** The shopper's side: shop support (requirements §8.1, `assist*`), complaints, merchant sign-up and VIP. */
export const communityRoutes = async (app: FastifyInstance, { service }: { service: CommunityService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;

  r.post(
    '/api/merchant/assistList',
    {
      preHandler,
      schema: {
        tags: ['support (mutual aid)'],
        summary:
          "Shops to support, followed first then by rank, with the caller's days, the shop's total and today's flag",
        headers,
        body: assistListBody,
      },
    },
    async (request) => ok(request, await service.assistList(currentUser(request).id, request.body)),
  );
  r.post(
    '/api/merchant/assist',
    {
      preHandler,
      schema: {
        tags: ['support (mutual aid)'],
        summary: 'Support a shop, once per calendar day (SUPPORT_TIME_ZONE); a second time answers "Support Failed"',
        headers,
        body: assistBody,
      },
    },
    async (request) => ok(request, await service.support(currentUser(request).id, request.body.shopId), SUPPORT_OK_KEY),
  );
  r.post(
    '/api/merchant/assistStatus',
    {
      preHandler,
      schema: {
        tags: ['support (mutual aid)'],
        summary: "Whether the caller supported the shop today, the caller's days and streak, the shop's total",
        headers,
        body: assistBody,
      },
    },
    async (request) => ok(request, await service.status(currentUser(request).id, request.body.shopId)),
  );
  r.post(
    '/api/merchant/assistHistory',
    {
      preHandler,
      schema: {
        tags: ['support (mutual aid)'],
        summary: "The caller's supports, newest first, with the running and total days per shop",
        headers,
        body: assistHistoryBody,
      },
    },
    async (request) => ok(request, await service.history(currentUser(request).id, request.body)),
  );

  r.post(
    '/api/merchant/complaint',
    {
      preHandler,
      schema: {
        tags: ['complaints'],
        summary: 'Complain about a shop or business: name and content are required',
        headers,
        body: complaintBody,
      },
    },
    async (request) =>
      ok(request, await service.complain(currentUser(request).id, request.body), 'ok.community.complaint'),
  );

  r.get(
    '/api/merchant/signup',
    {
      preHandler,
      schema: {
        tags: ['merchant'],
        summary: 'Where merchant sign-up continues: the separate seller platform',
        headers,
      },
    },
    async (request) => ok(request, { url: service.sellerPlatformUrl() }),
  );
  r.post(
    '/api/merchant/apply',
    {
      preHandler,
      schema: {
        tags: ['merchant'],
        summary: 'Record a merchant application; answers the seller platform URL to continue on',
        headers,
        body: merchantApplyBody,
      },
    },
    async (request) => ok(request, await service.apply(currentUser(request).id, request.body), 'ok.community.apply'),
  );

  r.get(
    '/api/user/vip',
    {
      preHandler,
      schema: { tags: ['vip'], summary: "The caller's VIP level and the levels on sale with their benefits", headers },
    },
    async (request) => ok(request, await service.vip(currentUser(request), request.t)),
  );
  r.post(
    '/api/user/vipUpgrade',
    {
      preHandler,
      schema: {
        tags: ['vip'],
        summary: 'Upgrade to a higher VIP level, paid from the balance with the payment code (same lock as paying)',
        headers,
        body: vipUpgradeBody,
      },
    },
    async (request) =>
      ok(request, await service.upgrade(currentUser(request), request.body), 'ok.community.vipUpgrade'),
  );
};
