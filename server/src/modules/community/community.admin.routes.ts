import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  complaintAssignBody,
  complaintHandleBody,
  complaintListQuery,
  complaintNoteBody,
  complaintNotesQuery,
  complaintReplyBody,
  pageQuerySchema,
  vipLevelBody,
} from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import type { OperatorAuth } from '../admin/admin-auth';
import { adminHeaders as headers } from '../support/support.schemas';
import type { CommunityService } from './community.service';

/** Operator side: complaints, merchant applications and VIP levels. */
export const communityAdminRoutes = async (
  app: FastifyInstance,
  { operators, service }: { operators: OperatorAuth; service: CommunityService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = operators.requireOperator;
  const tags = ['admin'];

  r.get(
    '/api/admin/complaints',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Complaints, newest first (state: open or handled)',
        headers,
        querystring: complaintListQuery,
      },
    },
    async (request) => ok(request, await service.listComplaints(request.query)),
  );
  r.post(
    '/api/admin/complaint_handle',
    { preHandler, schema: { tags, summary: 'Mark a complaint handled', headers, body: complaintHandleBody } },
    async (request) => ok(request, await service.handleComplaint(request.body.id), 'ok.community.complaintHandled'),
  );
  r.post(
    '/api/admin/complaint_reply',
    {
      preHandler,
      schema: { tags, summary: 'Reply to the shopper (notified in their language)', headers, body: complaintReplyBody },
    },
    async (request) =>
      ok(request, await service.replyToComplaint(request.body.id, request.body.text), 'ok.community.complaintReplied'),
  );
  r.post(
    '/api/admin/complaint_note',
    { preHandler, schema: { tags, summary: 'Add an internal note', headers, body: complaintNoteBody } },
    async (request) =>
      ok(request, await service.noteComplaint(request.body.id, request.body.text), 'ok.community.complaintNoted'),
  );
  r.get(
    '/api/admin/complaint_notes',
    {
      preHandler,
      schema: {
        tags,
        summary: "A complaint's internal notes, oldest first",
        headers,
        querystring: complaintNotesQuery,
      },
    },
    async (request) => ok(request, await service.complaintNotes(request.query.id)),
  );
  r.post(
    '/api/admin/complaint_assign',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Assign to a support or admin operator (null: nobody)',
        headers,
        body: complaintAssignBody,
      },
    },
    async (request) =>
      ok(
        request,
        await service.assignComplaint(request.body.id, request.body.operatorId),
        'ok.community.complaintAssigned',
      ),
  );
  r.get(
    '/api/admin/complaint_assignees',
    { preHandler, schema: { tags, summary: 'Operators a complaint can be assigned to', headers } },
    async (request) => ok(request, await service.complaintAssignees()),
  );
  r.get(
    '/api/admin/merchant_applications',
    {
      preHandler,
      schema: { tags, summary: 'Merchant applications, newest first', headers, querystring: pageQuerySchema },
    },
    async (request) => ok(request, await service.listApplications(request.query)),
  );
  r.get(
    '/api/admin/vip_levels',
    { preHandler, schema: { tags, summary: 'Every VIP level, on sale or not', headers } },
    async (request) => ok(request, await service.adminVipLevels()),
  );
  r.post(
    '/api/admin/vip_level',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create or change a VIP level (name, price in cents, benefits, on sale)',
        headers,
        body: vipLevelBody,
      },
    },
    async (request) => ok(request, await service.saveVipLevel(request.body), 'ok.community.vipLevelSaved'),
  );
};
