import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlibConstants, type BrotliOptions } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * CSP that still lets the shell and the federated remotes run: scripts and chunks from this origin,
 * antd-mobile's inline CSS variables, images from data:/blob: (uploads preview), the ALTCHA worker from blob:.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Remotes and the shell come from the same origin; CORP same-origin would still allow that.
  crossOriginEmbedderPolicy: false,
  // Agrees with frame-ancestors 'none' for browsers that only read X-Frame-Options.
  xFrameOptions: { action: 'deny' },
  // Only over HTTPS (securityPlugin adds it per request): on plain HTTP a browser ignores it at best.
  strictTransportSecurity: false,
};

/** HSTS for an answer to a request that arrived over HTTPS (directly or through a trusted proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Directives that also admit the CDN the remotes load from (ASSET_BASE_URL). */
const ASSET_DIRECTIVES = ['scriptSrc', 'styleSrc', 'connectSrc', 'imgSrc'];

/**
 * HELMET_OPTIONS, with `assetOrigin` (the CDN of ASSET_BASE_URL) allowed for the remotes' scripts, styles,
 * fetches (mf-manifest.json, language files) and pictures.
 */
export const helmetOptions = (assetOrigin?: string): HelmetOptions => {
  if (!assetOrigin) return HELMET_OPTIONS;
  const { directives = {} } = HELMET_OPTIONS.contentSecurityPolicy as { directives?: Record<string, string[]> };
  return {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(directives).map(([name, sources]) => [
          name,
          ASSET_DIRECTIVES.includes(name) ? [...sources, assetOrigin] : sources,
        ]),
      ),
    },
  };
};

/**
 * The headers helmet sets with HELMET_OPTIONS. They are the same for every response (no nonces), so
 * they are worked out once at start instead of per request: @fastify/helmet rebuilds the whole helmet
 * middleware (CSP parsing included) on every request, which cost ~10 % of a small API answer.
 */
export const helmetHeaders = (options: HelmetOptions = HELMET_OPTIONS): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
};

/**
 * Brotli as @fastify/compress uses it (quality 4), with a 1 MB window instead of brotli's 4 MB: every
 * compression allocates its window, which took about two thirds of the time of compressing a 3 KB API
 * answer; API answers and the static files compressed per request are far smaller than 1 MB.
 */
export const BROTLI_OPTIONS: BrotliOptions = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 20 },
};

export const securityPlugin = fp(
  async (
    app,
    { rateLimitStore, assetOrigin }: { rateLimitStore?: FastifyRateLimitStoreCtor; assetOrigin?: string },
  ) => {
    const headers = helmetHeaders(helmetOptions(assetOrigin));
    // Every response, including 404s and errors, as @fastify/helmet's global onRequest hook did.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      // request.protocol reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
    // JS, CSS, JSON and SVG go out brotli/gzip-compressed: on a phone network the bytes decide first paint.
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: BROTLI_OPTIONS,
    });
    // Only routes that opt in (login, register, forgot password) are limited; preValidation sees the body.
    // The counters live in Redis when several processes must share them (lib/shared-state.ts).
    await app.register(rateLimit, { global: false, hook: 'preValidation', store: rateLimitStore });
  },
  { name: 'security' },
);
