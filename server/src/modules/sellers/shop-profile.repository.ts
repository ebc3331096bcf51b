import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, merchantApplications, orderItems, products, shops, uploads, users } from '../../db/schema';
import { inTransaction, isUniqueViolation } from '../ledger/transaction';

/** The seller's shop: its profile, pictures and reviews, always of the session's own shop. */
export const createShopProfileRepository = (db: Db) => ({
  async profile(shopId: number) {
    const [row] = await db
      .select({
        id: shops.id,
        name: shops.name,
        description: shops.description,
        descriptions: shops.descriptions,
        logoUpload: shops.logoUpload,
        bannerUpload: shops.bannerUpload,
      })
      .from(shops)
      .where(eq(shops.id, shopId));
    return row!;
  },

  /** False when another shop has the name. */
  async update(shopId: number, values: { name: string; descriptions: Record<string, string>; description: string }) {
    try {
      await db.update(shops).set(values).where(eq(shops.id, shopId));
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  },

  /** Whose uploads the shop's pictures are: the applicant the shop was approved for. */
  async applicantOf(shopId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ userId: merchantApplications.userId })
      .from(merchantApplications)
      .where(and(eq(merchantApplications.shopId, shopId), isNotNull(merchantApplications.approvedAt)))
      .limit(1);
    return row?.userId;
  },

  /** The upload becomes the shop's logo or banner, public, in one transaction. */
  setPicture: (shopId: number, kind: 'logo' | 'banner', uploadId: string) =>
    inTransaction(db, async (tx) => {
      await tx.update(uploads).set({ public: true }).where(eq(uploads.id, uploadId));
      await tx
        .update(shops)
        .set(kind === 'logo' ? { logoUpload: uploadId } : { bannerUpload: uploadId })
        .where(eq(shops.id, shopId));
    }),

  /** The shop's reviews, newest first, with the product each order held first and the shop's reply. */
  async reviews(shopId: number, offset: number, limit: number) {
    const where = eq(comments.shopId, shopId);
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: comments.id,
          author: users.account,
          content: comments.content,
          productScore: comments.productScore,
          createdAt: comments.createdAt,
          reply: comments.sellerReply,
          repliedAt: comments.sellerReplyAt,
          product: sql<string>`(SELECT ${products.title} FROM ${orderItems} JOIN ${products} ON ${products.id} = ${orderItems.productId} WHERE ${orderItems.orderId} = ${comments.orderId} ORDER BY ${orderItems.id} LIMIT 1)`,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(where)
        .orderBy(desc(comments.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** Writes the shop's one reply: 'replied', 'exists' (already answered) or 'missing' (not this shop's). */
  async reply(shopId: number, commentId: number, text: string, now: Date) {
    const written = await db
      .update(comments)
      .set({ sellerReply: text, sellerReplyAt: now })
      .where(and(eq(comments.id, commentId), eq(comments.shopId, shopId), isNull(comments.sellerReply)))
      .returning({ id: comments.id });
    if (written.length === 1) return 'replied' as const;
    const [found] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(inArray(comments.id, [commentId]), eq(comments.shopId, shopId)));
    return found ? ('exists' as const) : ('missing' as const);
  },
});

export type ShopProfileRepository = ReturnType<typeof createShopProfileRepository>;
