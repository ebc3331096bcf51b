import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contentPageBody,
  serviceChannelUpdateBody,
  serviceReplyBody,
  serviceThreadQuery,
} from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from '../admin/admin-auth';
import { adminHeaders } from './support.schemas';
import type { SupportService } from './support.service';

/** Operator side: read and answer customer-service threads, edit content pages and channels. */
export const supportAdminRoutes = async (
  app: FastifyInstance,
  { operators, service }: { operators: OperatorAuth; service: SupportService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = operators.requireOperator;
  const tags = ['admin'];
  const headers = adminHeaders;

  r.get(
    '/api/admin/service_threads',
    {
      preHandler,
      schema: { tags, summary: 'Customer-service threads, unanswered first, with their unanswered count', headers },
    },
    async (request) => ok(request, await service.listThreads()),
  );
  r.get(
    '/api/admin/service_messages',
    {
      preHandler,
      schema: {
        tags,
        summary: "One shopper's thread (latest 100, oldest first)",
        headers,
        querystring: serviceThreadQuery,
      },
    },
    async (request) => ok(request, await service.operatorThread(request.query.userId)),
  );
  r.post(
    '/api/admin/service_reply',
    {
      preHandler,
      schema: { tags, summary: 'Answer a shopper (who also gets a notification)', headers, body: serviceReplyBody },
    },
    async (request) => ok(request, await service.reply(request.body.userId, request.body.body), 'ok.support.replySent'),
  );
  r.post(
    '/api/admin/service_channel',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Open or close an external channel, or change its link (https:, mailto: or tel:)',
        headers,
        body: serviceChannelUpdateBody,
      },
    },
    async (request) => ok(request, await service.updateChannel(request.body), 'ok.support.channelSaved'),
  );
  r.post(
    '/api/admin/content_page',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Write the help, law or platform page in one language (plain text, blank lines between paragraphs)',
        headers,
        body: contentPageBody,
      },
    },
    async (request) => ok(request, await service.savePage(request.body), 'ok.support.contentSaved'),
  );
};
