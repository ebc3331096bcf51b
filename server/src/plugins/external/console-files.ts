import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { consoleDirOf, sellerDirOf } from '../../config/config';

const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * The operator console (docs/decisions/0002-operator-accounts.md) at `/console`: its own page and bundles, never the shopper shell's (no
 * federation, nothing in the shopper's first load). Hashed files are cached for good; `/console`,
 * `/console/` and every client-side path under it (`/console/topups`, deep links) answer index.html.
 * `dir` is where consoleDirOf finds it: CONSOLE_DIR, the version live in the local deployment store (the
 * `console-live` link, followed at each request, so a promote or rollback needs no restart), else console/dist.
 */
export const consoleFiles = async (app: FastifyInstance, { dir = consoleDirOf() }: { dir?: string } = {}) =>
  singlePageApp(app, { dir, prefix: '/console', what: 'operator console' });

/**
 * The seller centre (docs/decisions/0011-seller-accounts.md) at `/seller`, served as the console is: its own
 * page and bundles, nothing of the shopper shell and nothing in a shopper's load. `dir`: sellerDirOf.
 */
export const sellerFiles = async (app: FastifyInstance, { dir = sellerDirOf() }: { dir?: string } = {}) =>
  singlePageApp(app, { dir, prefix: '/seller', what: 'seller centre' });

/** A single-page app's build at `prefix`: hashed files cached for good, every other path its index.html. */
const singlePageApp = async (
  app: FastifyInstance,
  { dir, prefix, what }: { dir: string; prefix: string; what: string },
) => {
  if (!existsSync(path.join(dir, 'index.html'))) {
    app.log.warn({ dir }, `no built ${what} found; ${prefix} is not served`);
    return;
  }
  const indexFile = path.join(dir, 'index.html');
  // Read again when the file changes: a rebuild in place, or another version behind the `console-live` link.
  let cached: { key: string; html: string } | null = null;
  const indexHtml = async () => {
    const info = await stat(indexFile);
    const key = `${info.ino}:${info.mtimeMs}:${info.size}`;
    if (cached?.key !== key) cached = { key, html: await readFile(indexFile, 'utf8') };
    return cached.html;
  };

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: dir,
        prefix: '/',
        index: false,
        decorateReply: false,
        cacheControl: false,
        allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
        setHeaders: (res, file) => {
          res.header(
            'Cache-Control',
            HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      const page = async (_request: unknown, reply: FastifyReply) =>
        reply
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(await indexHtml());
      scope.get('/', { schema: { hide: true } }, page);
      // A path with no file is one of the console's own screens (or a missing bundle, which 404s).
      scope.setNotFoundHandler(async (request, reply) => {
        const { pathname } = new URL(request.url, 'http://app');
        if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send();
        if (/\.[a-z0-9]+$/i.test(pathname)) return reply.code(404).type('text/plain').send('Not found');
        return page(request, reply);
      });
    },
    { prefix },
  );
};
