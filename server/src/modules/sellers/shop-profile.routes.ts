import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { offsetOf, pageOf } from '../../lib/paging';
import { acceptUploads, readUpload } from '../uploads/multipart-upload';
import type { SellerAuth } from './seller-auth';
import { pictureQuery, profileBody, replyBody, sellerHeaders as headers } from './sellers.schemas';
import type { ShopProfileRepository } from './shop-profile.repository';

const pictureUrl = (id: string | null) => (id ? `/api/upload/${id}` : null);

export interface ShopPictures {
  /** Stores an image (sniffed, quota'd) as an upload of `userId`: the upload pipeline's. */
  store(userId: number, bytes: Buffer): Promise<{ id: string }>;
}

/** The seller's own shop: profile (name, description per language, logo, banner) and review replies. */
export const shopProfileRoutes = async (
  app: FastifyInstance,
  {
    auth,
    repository,
    pictures,
    now,
  }: { auth: SellerAuth; repository: ShopProfileRepository; pictures: ShopPictures; now: () => Date },
) => {
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['seller'];
  const preHandler = auth.requireSeller;
  const shopOf = (request: FastifyRequest) => auth.identityOf(request).seller.shopId;
  const profile = async (shopId: number) => {
    const row = await repository.profile(shopId);
    return {
      id: row.id,
      name: row.name,
      descriptions: { en: row.description, ...row.descriptions },
      logo: pictureUrl(row.logoUpload),
      banner: pictureUrl(row.bannerUpload),
    };
  };

  r.get(
    '/api/seller/shop',
    { preHandler, schema: { tags, summary: "The seller's shop profile", headers } },
    async (request) => ok(request, await profile(shopOf(request))),
  );
  r.post(
    '/api/seller/shop/profile',
    { preHandler, schema: { tags, summary: 'Name and description per language', headers, body: profileBody } },
    async (request) => {
      const shopId = shopOf(request);
      const descriptions = Object.fromEntries(
        Object.entries(request.body.descriptions).filter(([, text]) => text !== undefined && text !== ''),
      ) as Record<string, string>;
      const saved = await repository.update(shopId, {
        name: request.body.name,
        descriptions,
        description: descriptions.en ?? (await repository.profile(shopId)).description,
      });
      if (!saved) throw fail('err.seller.nameTaken');
      return ok(request, await profile(shopId), 'ok.save');
    },
  );
  r.post(
    '/api/seller/shop/picture',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Upload the logo or banner (multipart field `file`; ?kind=logo|banner)',
        headers,
        querystring: pictureQuery,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const shopId = shopOf(request);
      const bytes = await readUpload(request);
      const owner = await repository.applicantOf(shopId);
      if (owner === undefined) throw fail('err.seller.pictureInvalid');
      const stored = await pictures.store(owner, bytes);
      await repository.setPicture(shopId, request.query.kind, stored.id);
      return ok(request, await profile(shopId), 'ok.save');
    },
  );

  r.get(
    '/api/seller/reviews',
    {
      preHandler,
      schema: { tags, summary: "The shop's reviews, newest first", headers, querystring: pageQuerySchema },
    },
    async (request) => {
      const { rows, total } = await repository.reviews(
        shopOf(request),
        offsetOf(request.query),
        request.query.pageSize,
      );
      const list = rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        repliedAt: row.repliedAt?.toISOString() ?? null,
      }));
      return ok(request, pageOf(list, total, request.query));
    },
  );
  r.post(
    '/api/seller/review/reply',
    { preHandler, schema: { tags, summary: 'Answer a review of the shop, once', headers, body: replyBody } },
    async (request) => {
      const result = await repository.reply(shopOf(request), request.body.id, request.body.reply, now());
      if (result === 'missing') throw fail('err.seller.reviewNotFound');
      if (result === 'exists') throw fail('err.seller.replyExists');
      return ok(request, { id: request.body.id, reply: request.body.reply }, 'ok.seller.replied');
    },
  );
};
