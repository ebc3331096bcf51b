import { createHash, randomInt } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
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
import type { DeployObjectReader } from './deploy-store';
import type { DeployStoreConfig } from './deploy-store-config';
import { helmetHeaders, helmetOptions } from './security';
import {
  createShellPage,
  pageLanguage,
  SHELL_BUILD_HEADER,
  type FirstPaintPreview,
  type ProductPreview,
} from './shell-page';

interface StaticOptions {
  shellDir: string;
  deployDir: string;
  /** Remote versions and the manifest from this S3-compatible store instead of `deployDir` (DEPLOY_STORE_URL). */
  deployStore?: DeployStoreConfig;
  /**
   * The CDN the browsers load the remotes from (ASSET_BASE_URL): the served manifest points the remotes'
   * entries there, and the page's policy allows its origin. Unset: this server's origin.
   */
  assetBaseUrl?: string;
  /** How long a manifest read from the object store is served before it is asked again (default 1 s). */
  manifestRecheckMs?: number;
  /** The title and first picture of a product, for the first paint of `/detail/<id>` (see shell-page.ts). */
  productPreview?: (id: number) => Promise<ProductPreview | null>;
  /** The first hot products (title and picture), for the first paint of Home. */
  homePreview?: () => Promise<readonly ProductPreview[]>;
}

/** Home's paths: `/index`, `/home`, and `/` (the shell's own path, which shows Home). */
const HOME_PATH = /^\/(?:index|home)?\/?(?:[?#]|$)/;

/** `/detail/<id>` and `/detail/<id>/<shop>`: the product the page opens on. */
const DETAIL_PATH = /^\/detail\/([1-9]\d{0,8})(?:\/[^?#]*)?(?:[?#]|$)/;

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Bundler content hashes look like `main.3f9a1c2b.js` or `chunk-3f9a1c2b.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Or a file inside a content-hashed folder: the language files, `locales-3f9a1c2b/common/en.json`. */
const IN_HASHED_FOLDER = /(?:^|\/)[a-z]+-[0-9a-f]{8}\//i;
const MANIFEST_FILE = 'manifest.json';
/** The shell's web app manifest (shell/service-worker/build.mjs), and the path browsers also try. */
const WEB_APP_MANIFEST = 'manifest.webmanifest';
const LEGACY_WEB_APP_MANIFEST = '/manifest.json';
const WEB_APP_MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';
/** What a build precompresses (PrecompressPlugin): `.br` / `.gz` copies may sit beside these when hashed. */
const COMPRESSIBLE = /\.(js|css|json|html|svg)$/;
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
 * The manifest with the remotes' entries on the CDN: a path on this origin (`/mfe/<remote>/<version>/…`)
 * becomes `<assetBaseUrl>/mfe/<remote>/<version>/…`; an entry that already names an origin stays.
 */
export const withAssetBase = (manifest: DeploymentManifest, assetBaseUrl: string | undefined): DeploymentManifest =>
  assetBaseUrl
    ? {
        ...manifest,
        remotes: Object.fromEntries(
          Object.entries(manifest.remotes).map(([key, entry]) => [
            key,
            entry.entry.startsWith('/') && !entry.entry.startsWith('//')
              ? { ...entry, entry: `${assetBaseUrl}${entry.entry}` }
              : entry,
          ]),
        ),
      }
    : manifest;

/**
 * The stored manifest from the object store: asked again at most every `recheckMs` (one request at a
 * time), conditionally on the ETag it has, so an unchanged manifest costs a 304. A store that fails or a
 * broken manifest keeps the last good one serving (logged); without one the answer is 503.
 */
const createStoreManifestReader = (reader: DeployObjectReader, log: FastifyBaseLogger, recheckMs: number) => {
  let cached: { etag: string; manifest: StoredManifest } | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<StoredManifest | null> | null = null;
  const refresh = async (): Promise<StoredManifest | null> => {
    const last = cached;
    try {
      const object = await reader.get(MANIFEST_FILE, last?.etag);
      checkedAt = Date.now();
      if (object === 'not-modified' && last) return last.manifest;
      if (object === null || object === 'not-modified') {
        cached = null;
        return null;
      }
      const manifest = storedManifestSchema.parse(JSON.parse(await text(object.body)));
      cached = { etag: object.etag ?? '', manifest };
      return manifest;
    } catch (error) {
      checkedAt = Date.now();
      log.error(
        { err: error, store: reader.description },
        'deployment manifest is unreadable; serving the last good one',
      );
      if (last) return last.manifest;
      throw error;
    }
  };
  return (): Promise<StoredManifest | null> => {
    if (cached && Date.now() - checkedAt < recheckMs) return Promise.resolve(cached.manifest);
    pending ??= refresh().finally(() => {
      pending = null;
    });
    return pending;
  };
};

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
  async (
    app,
    { shellDir, deployDir, deployStore, assetBaseUrl, manifestRecheckMs = 1_000, productPreview, homePreview },
  ) => {
    // The AWS SDK loads only when the store is in S3.
    const reader = deployStore ? (await import('./deploy-store')).createS3DeployReader(deployStore) : null;
    if (reader) app.addHook('onClose', async () => reader.close());
    else mkdirSync(deployDir, { recursive: true });
    const readStoredManifest = reader
      ? createStoreManifestReader(reader, app.log, manifestRecheckMs)
      : createManifestReader(deployDir, app.log);
    // Files of a version fetched by a page on another origin (the CDN pulls them from here): scripts and
    // styles need a cross-origin resource policy, mf-manifest.json and the language files CORS.
    const crossOrigin: Record<string, string> = assetBaseUrl
      ? { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Access-Control-Allow-Origin': '*' }
      : {};

    /** The served shell's build, once the shell is found below. */
    let shellBuild: (() => string) | null = null;
    app.get(DEPLOYMENT_MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
      const t = request.t ?? translator(undefined);
      reply.header('Cache-Control', NO_CACHE).header('Vary', 'Cookie');
      // Open pages compare it with their own (follow-deployment.ts): a shell promote or rollback asks them
      // to reload at the next navigation. On a 304 too.
      try {
        if (shellBuild) reply.header(SHELL_BUILD_HEADER, shellBuild());
      } catch {
        // The shell's folder is being swapped (a promote): the next check tells.
      }
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
          `${CANARY_BUCKET_COOKIE}=${bucket}; Max-Age=${BUCKET_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; HttpOnly${
            request.protocol === 'https' ? '; Secure' : ''
          }`,
        );
      }
      // An open page asks again every few seconds (shell/src/remotes/follow-deployment.ts): an ETag of what
      // this browser gets lets an unchanged manifest answer 304 with no body.
      const body = JSON.stringify(withAssetBase(resolveManifest(stored, bucket), assetBaseUrl));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      reply.header('ETag', etag);
      const asked = request.headers['if-none-match'];
      if (typeof asked === 'string' && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(body);
    });

    if (reader) {
      app.get('/mfe/*', { schema: { hide: true } }, async (request, reply) => {
        const relative = (request.params as { '*'?: string })['*'] ?? '';
        const segments = relative.split('/');
        // `<remote>/<version>/<file>` only; never a dot-name (the release bookkeeping), nothing climbing out.
        if (segments.length < 3 || segments.some((segment) => segment === '' || segment.startsWith('.'))) {
          return reply.callNotFound();
        }
        const immutable = isHashed(segments.slice(2).join('/'));
        const accepted = String(request.headers['accept-encoding'] ?? '');
        const candidates: Array<{ file: string; encoding?: string }> = [];
        if (immutable && COMPRESSIBLE.test(relative)) {
          if (/\bbr\b/.test(accepted)) candidates.push({ file: `${relative}.br`, encoding: 'br' });
          if (/\bgzip\b/.test(accepted)) candidates.push({ file: `${relative}.gz`, encoding: 'gzip' });
        }
        candidates.push({ file: relative });
        const ifNoneMatch = request.headers['if-none-match'];
        for (const { file, encoding } of candidates) {
          let object: Awaited<ReturnType<DeployObjectReader['get']>>;
          try {
            object = await reader.get(file, ifNoneMatch);
          } catch (error) {
            request.log.error({ err: error, store: reader.description, file }, 'deployment store read failed');
            const t = request.t ?? translator(undefined);
            return reply
              .code(503)
              .header('Cache-Control', NO_CACHE)
              .send({ code: 503, msg: t('err.server'), data: null });
          }
          if (object === null) continue;
          reply.headers(crossOrigin).header('Cache-Control', immutable ? IMMUTABLE : NO_CACHE);
          if (COMPRESSIBLE.test(relative)) reply.header('Vary', 'Accept-Encoding');
          if (object === 'not-modified') return reply.code(304).header('ETag', ifNoneMatch).send();
          if (encoding) reply.header('Content-Encoding', encoding);
          if (object.contentLength !== undefined) reply.header('Content-Length', object.contentLength);
          if (object.etag) reply.header('ETag', object.etag);
          if (object.lastModified) reply.header('Last-Modified', object.lastModified.toUTCString());
          return reply.type(object.contentType ?? 'application/octet-stream').send(object.body);
        }
        return reply.callNotFound();
      });
    }

    if (!reader)
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
          if (inVersion.length > 0) for (const [name, value] of Object.entries(crossOrigin)) res.header(name, value);
        },
      });

    if (!existsSync(path.join(shellDir, 'index.html'))) {
      app.log.warn({ shellDir }, 'no built shell found; only the API and /mfe are served');
      return;
    }
    const shellPage = createShellPage(
      shellDir,
      helmetHeaders(helmetOptions(assetBaseUrl && new URL(assetBaseUrl).origin))['content-security-policy'],
    );
    shellBuild = shellPage.build;
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      // `/` is the app's page like any other route: serveSpa below, with its first-paint metas.
      allowedPath: (pathName) => pathName !== '/',
      setHeaders: (res, file) => {
        const relative = path.relative(shellDir, file);
        res.header('Cache-Control', shellCacheControl(relative));
        // `/index.html` is the page served by serveSpa below: the same policy.
        if (original(relative) === 'index.html') res.header('Content-Security-Policy', shellPage.policy());
      },
    });
    // `/manifest.json` is where browsers, stores and crawlers often look for a web app manifest; the
    // build writes it as `manifest.webmanifest` (English) and `manifests/<lang>.webmanifest`. Answered
    // here in the page's language (never the SPA fallback's HTML).
    app.get(LEGACY_WEB_APP_MANIFEST, { schema: { hide: true } }, async (request, reply) => {
      const lang = pageLanguage(request.headers.cookie, request.headers['accept-language']);
      const inLanguage = lang && `manifests/${lang}.webmanifest`;
      const file = inLanguage && existsSync(path.join(shellDir, inLanguage)) ? inLanguage : WEB_APP_MANIFEST;
      if (!existsSync(path.join(shellDir, file))) return reply.callNotFound();
      return reply
        .header('Cache-Control', NO_CACHE)
        .header('Vary', 'Cookie, Accept-Language')
        .type(WEB_APP_MANIFEST_TYPE)
        .send(await readFile(path.join(shellDir, file)));
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
          // Written even when empty: it tells the first-paint script this page is Home.
          return { home: await homePreview() };
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
