import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markNotificationsReadBody,
  notificationListQuery,
  serviceMessageBody,
  type ContentSlug,
} from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { serviceMessageRateLimit, tokenHeaders } from './support.schemas';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;
  const headers = tokenHeaders;

  r.get(
    '/api/user/notifications',
    {
      preHandler,
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, texts in the request's language",
        headers,
        querystring: notificationListQuery,
      },
    },
    async (request) => ok(request, await service.listNotifications(currentUser(request).id, request.query, request.t)),
  );
  r.get(
    '/api/user/notifications/unread_count',
    { preHandler, schema: { tags: ['notifications'], summary: 'How many notifications are unread', headers } },
    async (request) => ok(request, await service.unreadCount(currentUser(request).id)),
  );
  r.post(
    '/api/user/notifications/read',
    {
      preHandler,
      schema: {
        tags: ['notifications'],
        summary: 'Mark the given notifications (`ids`) or all of them (`all: true`) read',
        headers,
        body: markNotificationsReadBody,
      },
    },
    async (request) => ok(request, await service.markRead(currentUser(request).id, request.body), 'ok.support.read'),
  );

  r.get(
    '/api/user/service_messages',
    {
      preHandler,
      schema: {
        tags: ['customer service'],
        summary: "The caller's conversation with customer service: the latest 100 messages, oldest first",
        headers,
      },
    },
    async (request) => ok(request, await service.shopperThread(currentUser(request).id)),
  );
  r.post(
    '/api/user/service_message',
    {
      preHandler,
      config: { rateLimit: serviceMessageRateLimit() },
      schema: {
        tags: ['customer service'],
        summary: 'Write to customer service (at most 1000 characters)',
        headers,
        body: serviceMessageBody,
      },
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
    {
      preHandler,
      schema: {
        tags: ['customer service'],
        summary: 'External customer-service channels; a disabled one is "Not Yet Open" and has no link',
        headers,
      },
    },
    async (request) => ok(request, await service.listChannels()),
  );

  for (const { path, slug, summary } of CONTENT_ROUTES) {
    r.get(
      path,
      { preHandler, schema: { tags: ['content'], summary: `${summary}; request language, else English`, headers } },
      async (request) => ok(request, await service.page(slug, request.lang)),
    );
  }
};
