import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import {
  CANARY_BUCKET_COOKIE,
  DEPLOYMENT_MANIFEST_PATH,
  storedManifestSchema,
  type DeploymentManifest,
  type StoredManifest,
} from '@marketplace/shared/contracts';
import { translator } from '../../lib/messages';
import { createShellPage, pageLanguage, type FirstPaintPreview, type ProductPreview } from './shell-page';

export interface StaticOptions {
  shellDir: string;
  deployDir: string;
  /** The title and first picture of a product, for the first paint of `/detail/<id>` (see shell-page.ts). */
  productPreview?: (id: number) => Promise<ProductPreview | null>;
  /** The first hot products (title and picture), for the first paint of Home. */
  homePreview?: () => Promise<readonly ProductPreview[]>;
}

/** Home's paths that reach the SPA fallback (`/` is index.html itself). */
const HOME_PATH = /^\/(?:index|home)\/?(?:[?#]|$)/;

/** `/detail/<id>` and `/detail/<id>/<shop>`: the product the page opens on. */
const DETAIL_PATH = /^\/detail\/([1-9]\d{0,8})(?:\/[^?#]*)?(?:[?#]|$)/;

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Bundler content hashes look like `main.3f9a1c2b.js` or `chunk-3f9a1c2b.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Or a file inside a content-hashed folder: the language files, `locales-3f9a1c2b/common/en.json`. */
const IN_HASHED_FOLDER = /(?:^|\/)[a-z]+-[0-9a-f]{8}\//i;
const MANIFEST_FILE = 'manifest.json';
const BUCKET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The file a precompressed copy (`main.3f9a1c2b.js.br`) stands for: its cache rule is that file's. */
const original = (file: string) => file.replace(/\.(br|gz)$/, '');

/** Whether a file's bytes never change under its path; `relative` is its path below the served folder. */
const isHashed = (relative: string) => {
  const file = original(relative).split(path.sep).join('/');
  return HASHED.test(file) || IN_HASHED_FOLDER.test(file);
};

const shellCacheControl = (relative: string) =>
  original(relative).endsWith('.html') || !isHashed(relative) ? NO_CACHE : IMMUTABLE;

/** A browser's canary bucket from its Cookie header: an integer 0-99, or null when absent or malformed. */
export const readBucket = (cookieHeader: string | undefined): number | null => {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === CANARY_BUCKET_COOKIE && value && /^\d{1,2}$/.test(value)) return Number(value);
  }
  return null;
};

/**
 * The manifest one browser sees: for each remote with a canary, buckets below its percent get the
 * canary entry and the rest the live one. The canary field itself never leaves the server.
 */
export const resolveManifest = (stored: StoredManifest, bucket: number): DeploymentManifest => ({
  updatedAt: stored.updatedAt,
  remotes: Object.fromEntries(
    Object.entries(stored.remotes).map(([key, { canary, ...live }]) => {
      if (!canary || bucket >= canary.percent) return [key, live];
      const { percent: _percent, ...entry } = canary;
      return [key, entry];
    }),
  ),
});

/**
 * `<deployDir>/manifest.json`, parsed once per change: the release tool replaces it by rename, so a
 * changed inode, mtime or size means a new manifest. A broken file keeps the last good one serving.
 */
const createManifestReader = (deployDir: string, log: FastifyBaseLogger) => {
  const file = path.join(deployDir, MANIFEST_FILE);
  let cached: { key: string; manifest: StoredManifest } | null = null;
  return async (): Promise<StoredManifest | null> => {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.ino}:${info.mtimeMs}:${info.size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    if (cached?.key === key) return cached.manifest;
    try {
      const manifest = storedManifestSchema.parse(JSON.parse(await readFile(file, 'utf8')));
      cached = { key, manifest };
      return manifest;
    } catch (error) {
      log.error({ err: error, file }, 'deployment manifest is unreadable; serving the last good one');
      if (cached) return cached.manifest;
      throw error;
    }
  };
};

/**
 * Embedded setup: the shell at `/` (SPA fallback via the not-found handler) and deployed remote
 * versions at `/mfe/`. A version folder never changes, so it is cached forever; the manifest is
 * resolved per browser (canary bucket) and never cached, so a promote or rollback reaches the next load.
 */
export const staticFilesPlugin = fp<StaticOptions>(
  async (app, { shellDir, deployDir, productPreview, homePreview }) => {
    mkdirSync(deployDir, { recursive: true });
    const readStoredManifest = createManifestReader(deployDir, app.log);

    app.get(DEPLOYMENT_MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
      const t = request.t ?? translator(undefined);
      reply.header('Cache-Control', NO_CACHE).header('Vary', 'Cookie');
      let stored: StoredManifest | null;
      try {
        stored = await readStoredManifest();
      } catch {
        return reply.code(503).send({ code: 503, msg: t('err.server'), data: null });
      }
      if (!stored) return reply.code(404).send({ code: 404, msg: t('err.notFound'), data: null });
      let bucket = readBucket(request.headers.cookie);
      if (bucket === null) {
        bucket = randomInt(100);
        reply.header(
          'Set-Cookie',
          `${CANARY_BUCKET_COOKIE}=${bucket}; Max-Age=${BUCKET_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; HttpOnly`,
        );
      }
      return reply.send(resolveManifest(stored, bucket));
    });

    await app.register(fastifyStatic, {
      root: deployDir,
      prefix: '/mfe/',
      index: false,
      decorateReply: false,
      cacheControl: false,
      // Builds write `.br` / `.gz` beside each content-hashed script and style sheet (PrecompressPlugin):
      // sent as they are. Unhashed entry points have none (a rebuild in place must never meet a stale copy).
      preCompressed: true,
      // The manifest is answered by the route above; temp files of an in-flight write and the release
      // bookkeeping (`.release/`: audit log with user and host names, history, lock) are never served.
      allowedPath: (pathName) =>
        !pathName.startsWith(`/${MANIFEST_FILE}`) && !pathName.split('/').some((segment) => segment.startsWith('.')),
      setHeaders: (res, file) => {
        // Only content-hashed files inside `<remote>/<version>/` are immutable. A version folder can be
        // rebuilt in place (`npm start` redeploys with --replace), so its unhashed entry points
        // (remoteEntry.js, mf-manifest.json) are revalidated on every load: never stale after a rebuild.
        const [, , ...inVersion] = path.relative(deployDir, file).split(path.sep);
        res.header('Cache-Control', inVersion.length > 0 && isHashed(inVersion.join('/')) ? IMMUTABLE : NO_CACHE);
      },
    });

    if (!existsSync(path.join(shellDir, 'index.html'))) {
      app.log.warn({ shellDir }, 'no built shell found; only the API and /mfe are served');
      return;
    }
    const shellPage = createShellPage(shellDir);
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        const relative = path.relative(shellDir, file);
        res.header('Cache-Control', shellCacheControl(relative));
        // `/` and `/index.html` are the page served by serveSpa below: the same policy.
        if (original(relative) === 'index.html') res.header('Content-Security-Policy', shellPage.policy());
      },
    });
    // Client-side routes get index.html from memory (read again when the file changes), with its policy.
    const previewOf = async (url: string): Promise<FirstPaintPreview | null> => {
      try {
        const id = DETAIL_PATH.exec(url)?.[1];
        if (productPreview && id !== undefined) {
          const product = await productPreview(Number(id));
          return product && { product };
        }
        if (homePreview && HOME_PATH.test(url)) {
          const home = await homePreview();
          return home.length > 0 ? { home } : null;
        }
        return null;
      } catch (error) {
        // Only decoration is lost: the page itself never fails for it.
        app.log.warn({ err: error, url }, 'no first-paint preview for this page');
        return null;
      }
    };
    app.serveSpa = async (request, reply) => {
      const { html, policy } = shellPage.page(
        pageLanguage(request.headers.cookie, request.headers['accept-language']),
        await previewOf(request.url),
      );
      return reply
        .header('Content-Security-Policy', policy)
        .header('Cache-Control', NO_CACHE)
        .header('Vary', 'Cookie, Accept-Language')
        .type('text/html; charset=utf-8')
        .send(html);
    };
  },
  { name: 'static-files', dependencies: ['errors'] },
);
