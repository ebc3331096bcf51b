import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { offsetOf, pageOf } from '../../lib/paging';
import { fail } from '../../lib/app-error';
import { acceptUploads, readUpload } from '../uploads/multipart-upload';
import { uploadUrl } from '../uploads/uploads.service';
import type { SellerAuth } from './seller-auth';
import type { ShopPictures } from './shop-profile.routes';
import { createListingBody, editListingBody, listingId, listingQuery, listingStatusBody } from './listings.schemas';
import type { ListingsService } from './listings.service';
import { variantsImportBody } from './listings.schemas';
import type { VariantsCsv } from './variants-csv';
import { sellerHeaders as headers } from './sellers.schemas';

/** The seller's listings (docs/decisions/0012-variants-and-stock.md): role `listings`, the session's shop only. */
export const listingsRoutes = async (
  app: FastifyInstance,
  {
    auth,
    service,
    pictures,
    ownerOf,
    csv,
  }: {
    auth: SellerAuth;
    service: ListingsService;
    /** Bulk price and stock by CSV (variants-csv.ts). */
    csv: VariantsCsv;
    pictures: ShopPictures;
    /** Whose uploads the shop's pictures are: its approved applicant (shop-profile.repository.ts). */
    ownerOf: (shopId: number) => Promise<number | undefined>;
  },
) => {
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['seller'];
  const preHandler = auth.requireSeller;
  const shopOf = (request: FastifyRequest) => auth.identityOf(request).seller.shopId;

  r.get(
    '/api/seller/products',
    {
      preHandler,
      schema: { tags, summary: "The shop's products, newest first", headers, querystring: pageQuerySchema },
    },
    async (request) => {
      const { rows, total } = await service.list(shopOf(request), offsetOf(request.query), request.query.pageSize);
      return ok(request, pageOf(rows, total, request.query));
    },
  );
  r.get(
    '/api/seller/product',
    {
      preHandler,
      schema: { tags, summary: 'One listing with its texts and variants', headers, querystring: listingQuery },
    },
    async (request) => ok(request, await service.view(shopOf(request), request.query.id)),
  );
  r.post(
    '/api/seller/product/create',
    {
      preHandler,
      schema: {
        tags,
        summary: 'List a product (a draft unless status says published)',
        headers,
        body: createListingBody,
      },
    },
    async (request) => {
      const { status, ...body } = request.body;
      return ok(request, await service.create(shopOf(request), body, status), 'ok.save');
    },
  );
  r.post(
    '/api/seller/product/edit',
    {
      preHandler,
      schema: { tags, summary: 'Change texts, category, options, prices and stock', headers, body: editListingBody },
    },
    async (request) => {
      const { id, ...body } = request.body;
      return ok(request, await service.edit(shopOf(request), id, body), 'ok.save');
    },
  );
  r.post(
    '/api/seller/product/duplicate',
    { preHandler, schema: { tags, summary: 'Copy a listing as a new draft', headers, body: listingId } },
    async (request) => ok(request, await service.duplicate(shopOf(request), request.body.id), 'ok.save'),
  );
  r.post(
    '/api/seller/product/status',
    { preHandler, schema: { tags, summary: 'Publish or unlist a listing', headers, body: listingStatusBody } },
    async (request) =>
      ok(request, await service.setStatus(shopOf(request), request.body.id, request.body.status), 'ok.save'),
  );
  r.post(
    '/api/seller/product/picture',
    {
      preHandler,
      schema: {
        tags,
        summary: "Upload a listing's picture (multipart field `file`): its id goes into the listing's `pictures`",
        headers,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const bytes = await readUpload(request);
      const owner = await ownerOf(shopOf(request));
      if (owner === undefined) throw fail('err.seller.pictureInvalid');
      const { id } = await pictures.store(owner, bytes);
      return ok(request, { id, url: uploadUrl(id) });
    },
  );
  r.get(
    '/api/seller/variants',
    {
      preHandler,
      schema: { tags, summary: 'Every variant of the shop, for the CSV export (price in dollars)', headers },
    },
    async (request) => ok(request, await csv.rows(shopOf(request))),
  );
  r.post(
    '/api/seller/variants/import',
    {
      preHandler,
      schema: {
        tags,
        summary: "An edited CSV's rows: every price and stock applied, or none when any row is wrong (each named)",
        headers,
        body: variantsImportBody,
      },
    },
    async (request) => {
      const result = await csv.apply(shopOf(request), request.body.rows);
      if ('errors' in result) {
        const errors = result.errors.map(({ row, msgKey }) => ({ row, msg: request.t(msgKey) }));
        throw fail('err.seller.csvRejected', { count: errors.length }, { errors });
      }
      return ok(request, result, 'ok.save');
    },
  );
};
