import type { FastifyInstance } from 'fastify';
import { commentBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/app/auth';
import { shopperRouteKit } from '../user/shopper-route-kit';
import { productReviewsQuery } from './comments.schemas';
import type { CommentsService } from './comments.service';

export const commentsRoutes = async (app: FastifyInstance, { service }: { service: CommentsService }) => {
  const tags = ['comments'];
  const { r, signedIn } = shopperRouteKit(app, tags);
  r.post(
    '/api/order/comment',
    signedIn('Review a received order (one per order): content, three 1-5 scores, pictures', { body: commentBody }),
    async (request) => {
      await service.comment(currentUser(request).id, request.body);
      return ok(request, null, 'ok.orders.commented');
    },
  );
  r.get(
    '/api/catalogue/product_comments',
    {
      schema: {
        tags,
        summary:
          "A product's reviews, newest first (public); filter: all, pics (with pictures) or a product score 1-5; counts per filter",
        querystring: productReviewsQuery,
      },
    },
    async (request) => ok(request, await service.forProduct(request.query)),
  );
};
