import type { FastifyInstance } from 'fastify';
import {
  markNotificationsReadBody,
  notificationListQuery,
  serviceMessageBody,
  type ContentSlug,
} from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { shopperRouteKit } from '../user/shopper-route-kit';
import { serviceMessageRateLimit } from './support.schemas';
import type { SupportService } from './support.service';

/** Paths of requirements §12.3 (`help_support`, `law`) and the page each serves; `platform` is the partnership page. */
const CONTENT_ROUTES: { path: string; slug: ContentSlug; summary: string }[] = [
  {
    path: '/api/user/help_support',
    slug: 'help',
    summary: 'Help and support page (ordering, paying, top-up, withdrawal, refunds)',
  },
  { path: '/api/user/law', slug: 'law', summary: 'Law and policy page (terms of service, privacy policy)' },
  { path: '/api/user/platform', slug: 'platform', summary: 'Platform (partnership) page for brands and merchants' },
];

/** The shopper's side: notifications, the customer-service conversation, external channels and content pages. */
export const supportRoutes = async (app: FastifyInstance, { service }: { service: SupportService }) => {
  const { r, signedIn, callersRead } = shopperRouteKit(app, ['notifications']);

  r.get(
    '/api/user/notifications',
    signedIn("The caller's notifications, newest first, texts in the request's language", {
      querystring: notificationListQuery,
    }),
    async (request) => ok(request, await service.listNotifications(currentUser(request).id, request.query, request.t)),
  );
  callersRead('/api/user/notifications/unread_count', 'How many notifications are unread', (userId) =>
    service.unreadCount(userId),
  );
  r.post(
    '/api/user/notifications/read',
    signedIn('Mark the given notifications (`ids`) or all of them (`all: true`) read', {
      body: markNotificationsReadBody,
    }),
    async (request) => ok(request, await service.markRead(currentUser(request).id, request.body), 'ok.support.read'),
  );

  r.get(
    '/api/user/service_messages',
    signedIn("The caller's conversation with customer service: the latest 100 messages, oldest first", {
      tags: ['customer service'],
    }),
    async (request) => ok(request, await service.shopperThread(currentUser(request).id)),
  );
  r.post(
    '/api/user/service_message',
    {
      ...signedIn('Write to customer service (at most 1000 characters)', {
        tags: ['customer service'],
        body: serviceMessageBody,
      }),
      config: { rateLimit: serviceMessageRateLimit() },
    },
    async (request) =>
      ok(
        request,
        await service.sendShopperMessage(currentUser(request).id, request.body.body),
        'ok.support.messageSent',
      ),
  );
  r.get(
    '/api/user/service_channels',
    signedIn('External customer-service channels; a disabled one is "Not Yet Open" and has no link', {
      tags: ['customer service'],
    }),
    async (request) => ok(request, await service.listChannels()),
  );

  for (const { path, slug, summary } of CONTENT_ROUTES) {
    r.get(path, signedIn(`${summary}; request language, else English`, { tags: ['content'] }), async (request) =>
      ok(request, await service.page(slug, request.lang)),
    );
  }
};
