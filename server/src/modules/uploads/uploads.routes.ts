import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResponseCode, TOKEN_COOKIE } from '@marketplace/shared/contracts';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { sha256 } from '../../lib/secrets';
import { currentUser } from '../../plugins/app/auth';
import type { UserRepository } from '../user/user.repository';
import { tokenHeaders } from '../user/user.schemas';
import type { OperatorAuth } from '../admin/admin-auth';
import { adminTokenHeaders } from '../admin/operator-route-kit';
import { throttles } from '../../plugins/app/throttle';

const CLEANUP_INTERVAL_MS = 3_600_000;
import type { UploadsService } from './uploads.service';
import { acceptUploads, readUpload } from './multipart-upload';
import { PICTURE_WIDTHS, WIDTH_PARAM } from './picture-variants';

/** A kept variant never changes for its URL: a year, immutable (a private one stays in the owner's browser only). */
const VARIANT_CACHE = {
  public: 'public, max-age=31536000, immutable',
  private: 'private, max-age=31536000, immutable',
};

interface Options {
  service: UploadsService;
  users: UserRepository;
  operators: OperatorAuth;
  now: () => Date;
}

/** `<img>` requests carry no `token` header; the session cookie (spec: Admin-Token) stands in for it. */
const tokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token;
  const cookie = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === TOKEN_COOKIE)?.[1];
  return cookie ? decodeURIComponent(cookie) : undefined;
};

export const uploadsRoutes = async (app: FastifyInstance, { service, users, operators, now }: Options) => {
  // Registered here, not globally: only the upload routes accept multipart bodies.
  await acceptUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Per shopper and per address on top of the hourly quota: a script cannot flood the disk.
  const uploadThrottles = throttles(app, 'upload', { perIp: 120, perSubject: 30, windowMs: 60_000 }, (request) =>
    String(currentUser(request).id),
  );
  const cleanup = setInterval(() => {
    service
      .removeUnreferenced()
      .catch((error: unknown) => app.log.warn({ err: String(error) }, 'upload cleanup failed'));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  app.addHook('onClose', async () => {
    clearInterval(cleanup);
    await service.close();
  });

  r.post(
    '/api/admin/uploads/cleanup',
    {
      preHandler: operators.requireOperator,
      schema: {
        tags: ['admin'],
        summary: 'Remove uploads nothing refers to after the grace period (also runs every hour)',
        headers: adminTokenHeaders,
      },
    },
    async (request) => ok(request, { removed: await service.removeUnreferenced() }),
  );

  r.post(
    '/api/upload',
    {
      preHandler: [app.requireUser, ...uploadThrottles],
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (multipart field `file`, PNG/JPEG/WebP/GIF by content, at most 5 MB)',
        headers: tokenHeaders,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const bytes = await readUpload(request);
      return ok(request, await service.store(currentUser(request).id, bytes), 'ok.orders.upload');
    },
  );

  r.get(
    '/api/upload/:id',
    {
      // A bad `w` is answered 400 (an <img> URL, not a form); other schema failures as everywhere.
      attachValidation: true,
      schema: {
        tags: ['uploads'],
        summary:
          'An uploaded file: its owner (token header or cookie) or an operator (admin-token) only. ' +
          `With \`w\`, a JPEG/PNG/WebP picture at most that wide (${PICTURE_WIDTHS.join('/')}: the next step up), ` +
          'as WebP (JPEG without `image/webp` in Accept); never upscaled',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ w: z.string().regex(WIDTH_PARAM).optional() }),
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        if (request.validationError.validationContext === 'querystring') {
          throw new AppError(ResponseCode.FAIL, 'err.invalidField', { field: 'w' }, null, 400);
        }
        throw request.validationError;
      }
      const token = tokenOf(request);
      const user = token ? await users.findUserByToken(sha256(token), now()) : undefined;
      const viewer = { userId: user?.id ?? null, operator: await operators.isOperator(request) };
      const { w } = request.query;
      if (w === undefined) {
        const { row, file } = await service.read(request.params.id, viewer);
        // Streamed from the store as it arrives; the type is the one sniffed at upload time.
        return reply
          .type(row.mime)
          .header('content-length', String(file.contentLength ?? row.size))
          .header('cache-control', row.public ? 'public, max-age=86400' : 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(file.body);
      }
      const picture = await service.readPicture(request.params.id, viewer, Number(w), request.headers.accept);
      const { row, variant } = picture;
      // Uploads never change: the tag names the bytes (the original, or one variant of it).
      const etag = variant ? `"${row.id}.w${variant.width}.${variant.format}"` : `"${row.id}"`;
      reply
        .header('etag', etag)
        .header('vary', 'Accept')
        .header('cache-control', VARIANT_CACHE[row.public ? 'public' : 'private'])
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        if (!Buffer.isBuffer(picture.body)) picture.body.destroy();
        return reply.code(304).send();
      }
      if (picture.contentLength !== undefined) reply.header('content-length', String(picture.contentLength));
      return reply.type(picture.contentType).send(picture.body);
    },
  );
};
