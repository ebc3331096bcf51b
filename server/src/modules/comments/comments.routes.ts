import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commentBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { tokenHeaders } from '../user/user.schemas';
import { productReviewsQuery } from './comments.schemas';
import type { CommentsService } from './comments.service';

export const commentsRoutes = async (app: FastifyInstance, { service }: { service: CommentsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/order/comment',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: 'Review a received order (one per order): content, three 1-5 scores, pictures',
        headers: tokenHeaders,
        body: commentBody,
      },
    },
    async (request) => {
      await service.comment(currentUser(request).id, request.body);
      return ok(request, null, 'ok.orders.commented');
    },
  );
  r.get(
    '/api/catalogue/product_comments',
    {
      schema: {
        tags: ['comments'],
        summary:
          "A product's reviews, newest first (public); filter: all, pics (with pictures) or a product score 1-5; counts per filter",
        querystring: productReviewsQuery,
      },
    },
    async (request) => ok(request, await service.forProduct(request.query)),
  );
};
