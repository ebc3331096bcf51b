import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * CSP that still lets the shell and the federated remotes run: scripts and chunks from this origin,
 * antd-mobile's inline CSS variables, images from data:/blob: (uploads preview), the ALTCHA worker from blob:.
 */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
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
    });
    // JS, CSS, JSON and SVG go out brotli/gzip-compressed: on a phone network the bytes decide first paint.
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    // Only routes that opt in (login, register, forgot password) are limited; preValidation sees the body.
    await app.register(rateLimit, { global: false, hook: 'preValidation' });
  },
  { name: 'security' },
);
