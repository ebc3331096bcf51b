import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cataloguePageQuery,
  followBody,
  productIdQuery,
  productSearchQuery,
  saveProductBody,
  shopIdQuery,
  shopProductsQuery,
  suggestionsQuery,
} from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/app/auth';
import { BROTLI_OPTIONS } from '../../plugins/external/security';
import { tokenHeaders } from '../user/user.schemas';
import { shopperRouteKit } from '../user/shopper-route-kit';
import type { CatalogueService } from './catalogue.service';

const tags = ['catalogue'];
/** Short: prices, stock and rankings change, but a shopper paging back and forth costs nothing. */
const SHARED_MAX_AGE_SECONDS = 30;

/**
 * Public pages read the token when one is sent, to fill `followed` / `saved`; a missing or expired
 * token just means an anonymous shopper.
 */
const optionalUserId = async (app: FastifyInstance, request: FastifyRequest): Promise<number | null> => {
  if (!request.headers.token) return null;
  try {
    await app.requireUser(request);
    return currentUser(request).id;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
};

/** Answers that are the same for every shopper (only the language of `msg` varies). */
const SHARED_ANSWERS = new Set([
  '/api/catalogue/categories',
  '/api/catalogue/hot_products',
  '/api/catalogue/popular',
  '/api/catalogue/products',
  '/api/catalogue/shop_products',
  '/api/catalogue/suggestions',
  '/api/catalogue/hot_keywords',
]);

const SERIALIZED_LANGUAGES = 4;
type Encoding = 'br' | 'gzip';
interface SharedBody {
  body: string;
  tag: string;
  /** The body compressed, made the first time a client asks for that encoding. */
  br?: Buffer;
  gzip?: Buffer;
}
/** Below this a body goes out as it is (security.ts's compression threshold). */
const COMPRESS_THRESHOLD = 1024;
/** The settings security.ts gives @fastify/compress (and zlib's default gzip level): the same bytes. */
const compress: Record<Encoding, (body: string) => Buffer> = {
  br: (body) => brotliCompressSync(body, BROTLI_OPTIONS),
  gzip: (body) => gzipSync(body),
};

/**
 * The encoding the client accepts with the highest q (ties: br, then gzip, the order security.ts gives
 * @fastify/compress); `*` stands for br; q=0 refuses. Undefined: the body goes uncompressed.
 */
export const acceptedEncoding = (header: string | string[] | undefined): Encoding | undefined => {
  if (!header) return undefined;
  const weight: Partial<Record<Encoding, number>> = {};
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q)) continue;
    const named: Encoding[] = name === '*' ? ['br', 'gzip'] : name === 'br' || name === 'gzip' ? [name] : [];
    for (const encoding of named) {
      // An explicit entry wins over the wildcard.
      if (name !== '*' || weight[encoding] === undefined) weight[encoding] = q;
    }
  }
  return (['br', 'gzip'] as const).reduce<Encoding | undefined>(
    (chosen, encoding) => ((weight[encoding] ?? 0) > (chosen ? (weight[chosen] ?? 0) : 0) ? encoding : chosen),
    undefined,
  );
};

/**
 * A shared answer is one object for everyone until the service's cache lets it go, so its envelope is
 * serialized, hashed and compressed once per language (and encoding) instead of on every request: held
 * only as long as the answer. A compressed body goes out as it is (@fastify/compress leaves a reply that
 * already has a Content-Encoding alone).
 */
const serialized = new WeakMap<object, Map<string, SharedBody>>();
const sendShared = (request: FastifyRequest, reply: FastifyReply, data: object) => {
  const envelope = ok(request, data);
  let byMsg = serialized.get(data);
  if (!byMsg) serialized.set(data, (byMsg = new Map()));
  let answer = byMsg.get(envelope.msg);
  if (!answer) {
    // A few languages per answer at most: memory stays bounded however many languages ask.
    if (byMsg.size >= SERIALIZED_LANGUAGES) byMsg.clear();
    const body = JSON.stringify(envelope);
    answer = { body, tag: `W/"${createHash('sha1').update(body).digest('base64')}"` };
    byMsg.set(envelope.msg, answer);
  }
  // The etag plugin keeps this tag and still answers a matching If-None-Match with 304 (with no body to encode).
  reply.header('etag', answer.tag).type('application/json; charset=utf-8');
  const encoding =
    answer.body.length >= COMPRESS_THRESHOLD &&
    request.headers['if-none-match'] !== answer.tag &&
    request.headers['x-no-compression'] === undefined
      ? acceptedEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(answer.body);
  const compressed = (answer[encoding] ??= compress[encoding](answer.body));
  return reply.header('content-encoding', encoding).header('content-length', compressed.length).send(compressed);
};

export const catalogueRoutes = async (app: FastifyInstance, { service }: { service: CatalogueService }) => {
  const { r: api, signedIn, callersPage } = shopperRouteKit(app, tags);
  // Inside this plugin only: catalogue answers get an ETag, and a repeat visit with If-None-Match is a 304.
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' && reply.statusCode === 200 && SHARED_ANSWERS.has(request.routeOptions.url ?? '')) {
      reply.header('Cache-Control', `public, max-age=${SHARED_MAX_AGE_SECONDS}`);
      reply.header('Vary', 'lang, language, Accept-Encoding');
    } else if (!reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'private, no-cache');
    }
  });

  api.get(
    '/api/catalogue/categories',
    { schema: { tags, summary: 'The ten categories with their product counts' } },
    async (request, reply) => sendShared(request, reply, await service.categories()),
  );
  api.get(
    '/api/catalogue/hot_products',
    { schema: { tags, summary: 'Best-selling products', querystring: cataloguePageQuery } },
    async (request, reply) => sendShared(request, reply, await service.hotProducts(request.query)),
  );
  api.get(
    '/api/catalogue/popular',
    { schema: { tags, summary: 'Most viewed products', querystring: cataloguePageQuery } },
    async (request, reply) => sendShared(request, reply, await service.popularProducts(request.query)),
  );
  api.get(
    '/api/catalogue/hot_shops',
    {
      schema: {
        tags,
        summary: 'Shops ranked by sales plus accumulated support days',
        headers: tokenHeaders,
        querystring: cataloguePageQuery,
      },
    },
    async (request) => ok(request, await service.hotShops(await optionalUserId(app, request), request.query)),
  );
  api.get(
    '/api/catalogue/products',
    {
      schema: {
        tags,
        summary: 'Search products by keyword, category and price range (cents), sorted and paged',
        querystring: productSearchQuery,
      },
    },
    async (request, reply) => sendShared(request, reply, await service.searchProducts(request.query, request.lang)),
  );
  api.get(
    '/api/catalogue/product',
    {
      schema: {
        tags,
        summary: 'Product detail; counts a view',
        headers: tokenHeaders,
        querystring: productIdQuery,
      },
    },
    async (request) =>
      ok(request, await service.productDetail(request.query.id, await optionalUserId(app, request), request.lang)),
  );
  api.get(
    '/api/catalogue/shop',
    { schema: { tags, summary: 'Shop detail', headers: tokenHeaders, querystring: shopIdQuery } },
    async (request) =>
      ok(request, await service.shopDetail(request.query.id, await optionalUserId(app, request), request.lang)),
  );
  api.get(
    '/api/catalogue/shop_products',
    { schema: { tags, summary: "A shop's products, sorted and paged", querystring: shopProductsQuery } },
    async (request, reply) => sendShared(request, reply, await service.shopProducts(request.query)),
  );
  api.post('/api/catalogue/follow', signedIn('Follow a shop (idempotent)', { body: followBody }), async (request) =>
    ok(request, await service.follow(currentUser(request).id, request.body.shopId), 'ok.follow'),
  );
  api.post('/api/catalogue/unfollow', signedIn('Unfollow a shop (idempotent)', { body: followBody }), async (request) =>
    ok(request, await service.unfollow(currentUser(request).id, request.body.shopId), 'ok.unfollow'),
  );
  callersPage('/api/catalogue/followed_shops', 'Shops the caller follows', cataloguePageQuery, (userId, query) =>
    service.followedShops(userId, query),
  );
  api.post(
    '/api/catalogue/save_product',
    signedIn('Save a product (idempotent)', { body: saveProductBody }),
    async (request) =>
      ok(request, await service.saveProduct(currentUser(request).id, request.body.productId), 'ok.saveProduct'),
  );
  api.post(
    '/api/catalogue/unsave_product',
    signedIn('Unsave a product (idempotent)', { body: saveProductBody }),
    async (request) =>
      ok(request, await service.unsaveProduct(currentUser(request).id, request.body.productId), 'ok.unsaveProduct'),
  );
  callersPage('/api/catalogue/saved_products', 'Products the caller saved', cataloguePageQuery, (userId, query) =>
    service.savedProducts(userId, query),
  );
  api.get(
    '/api/catalogue/suggestions',
    { schema: { tags, summary: 'Up to ten product titles containing the keyword', querystring: suggestionsQuery } },
    async (request, reply) =>
      sendShared(request, reply, await service.suggestions(request.query.keyword, request.lang)),
  );
  api.get(
    '/api/catalogue/hot_keywords',
    { schema: { tags, summary: 'Product keywords ranked by units sold' } },
    async (request, reply) => sendShared(request, reply, await service.hotKeywords(request.lang)),
  );
};
