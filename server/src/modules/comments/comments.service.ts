import { OrderStatus, type commentBody } from '@marketplace/shared/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fail } from '../../lib/app-error';
import { inTransaction } from '../ledger/transaction';
import { orderForOnceOnly } from '../orders/once-per-order';
import { transitionRefused } from '../orders/order-state-machine';
import type { OrdersRepository } from '../orders/orders.repository';
import { toProductComment } from '../orders/orders.service';
import type { UploadsRepository } from '../uploads/uploads.repository';
import type { CommentsRepository } from './comments.repository';
import type { ProductReviewsPage, ReviewFilter } from './comments.schemas';

type CommentInput = z.output<typeof commentBody>;

interface Deps {
  db: Db;
  comments: CommentsRepository;
  orders: OrdersRepository;
  uploads: UploadsRepository;
}

export const createCommentsService = ({ db, comments, orders, uploads }: Deps) => ({
  /** One review per received order: it completes the order (3 → 4) and updates the ratings. */
  async comment(userId: number, body: CommentInput): Promise<void> {
    await inTransaction(db, async (tx) => {
      const order = await orderForOnceOnly(tx, orders, body.orderId, userId, comments, 'err.comment.alreadyCommented');
      const pics = [...new Set(body.pics)];
      if ((await uploads.countOwned(tx, userId, pics)) !== pics.length) throw fail('err.comment.picNotFound');
      const [moved] = await orders.move(tx, 'comment', [order.id], userId, { status: OrderStatus.COMPLETED });
      if (!moved) throw transitionRefused('comment', order.status);
      const created = await comments.insert(tx, {
        orderId: order.id,
        userId,
        shopId: order.shopId,
        content: body.content,
        productScore: body.productScore,
        serviceScore: body.serviceScore,
        postageScore: body.postageScore,
        pics,
      });
      if (!created) throw fail('err.comment.alreadyCommented');
      await comments.applyRatings(tx, created);
      // Review pictures are shown to everyone on the product page from now on.
      await uploads.makePublic(tx, userId, pics);
    });
  },

  async forProduct(query: {
    id: number;
    page: number;
    pageSize: number;
    filter: ReviewFilter;
  }): Promise<ProductReviewsPage> {
    const { rows, total, counts } = await comments.forProduct(
      query.id,
      query.filter,
      (query.page - 1) * query.pageSize,
      query.pageSize,
    );
    return {
      // With the shop's one reply (modules/sellers) beside the contract's fields.
      list: rows.map(({ comment, account }) => ({
        ...toProductComment(comment, account),
        reply: comment.sellerReply,
        repliedAt: comment.sellerReplyAt?.toISOString() ?? null,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
      counts,
    };
  },
});

export type CommentsService = ReturnType<typeof createCommentsService>;
