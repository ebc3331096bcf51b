import type { FastifyInstance } from 'fastify';
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
import { shopperRouteKit } from '../user/shopper-route-kit';
import type { CommunityService } from './community.service';

/** The shopper's side: shop support (requirements §8.1, `assist*`), complaints, merchant sign-up and VIP. */
export const communityRoutes = async (app: FastifyInstance, { service }: { service: CommunityService }) => {
  const { r, signedIn } = shopperRouteKit(app, ['support (mutual aid)']);

  r.post(
    '/api/merchant/assistList',
    signedIn(
      "Shops to support, followed first then by rank, with the caller's days, the shop's total and today's flag",
      { body: assistListBody },
    ),
    async (request) => ok(request, await service.assistList(currentUser(request).id, request.body)),
  );
  r.post(
    '/api/merchant/assist',
    signedIn('Support a shop, once per calendar day (SUPPORT_TIME_ZONE); a second time answers "Support Failed"', {
      body: assistBody,
    }),
    async (request) => ok(request, await service.support(currentUser(request).id, request.body.shopId), SUPPORT_OK_KEY),
  );
  r.post(
    '/api/merchant/assistStatus',
    signedIn("Whether the caller supported the shop today, the caller's days and streak, the shop's total", {
      body: assistBody,
    }),
    async (request) => ok(request, await service.status(currentUser(request).id, request.body.shopId)),
  );
  r.post(
    '/api/merchant/assistHistory',
    signedIn("The caller's supports, newest first, with the running and total days per shop", {
      body: assistHistoryBody,
    }),
    async (request) => ok(request, await service.history(currentUser(request).id, request.body)),
  );

  r.post(
    '/api/merchant/complaint',
    signedIn('Complain about a shop or business: name and content are required', {
      tags: ['complaints'],
      body: complaintBody,
    }),
    async (request) =>
      ok(request, await service.complain(currentUser(request).id, request.body), 'ok.community.complaint'),
  );

  r.get(
    '/api/merchant/signup',
    signedIn('Where merchant sign-up continues: the separate seller platform', { tags: ['merchant'] }),
    async (request) => ok(request, { url: service.sellerPlatformUrl(`${request.protocol}://${request.host}`) }),
  );
  r.post(
    '/api/merchant/apply',
    signedIn('Record a merchant application; answers the seller platform URL to continue on', {
      tags: ['merchant'],
      body: merchantApplyBody,
    }),
    async (request) =>
      ok(
        request,
        await service.apply(currentUser(request).id, request.body, `${request.protocol}://${request.host}`),
        'ok.community.apply',
      ),
  );

  r.get(
    '/api/user/vip',
    signedIn("The caller's VIP level and the levels on sale with their benefits", { tags: ['vip'] }),
    async (request) => ok(request, await service.vip(currentUser(request), request.t)),
  );
  r.post(
    '/api/user/vipUpgrade',
    signedIn('Upgrade to a higher VIP level, paid from the balance with the payment code (same lock as paying)', {
      tags: ['vip'],
      body: vipUpgradeBody,
    }),
    async (request) =>
      ok(request, await service.upgrade(currentUser(request), request.body), 'ok.community.vipUpgrade'),
  );
};
