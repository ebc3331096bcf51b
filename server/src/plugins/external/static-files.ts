import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export interface StaticOptions {
  shellDir: string;
  deployDir: string;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Bundler content hashes look like `main.3f9a1c2b.js` or `chunk-3f9a1c2b.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

const shellCacheControl = (file: string) => (file.endsWith('.html') || !HASHED.test(file) ? NO_CACHE : IMMUTABLE);

/**
 * Embedded setup: the shell at `/` (SPA fallback via the not-found handler) and deployed remote
 * versions at `/mfe/`. A version folder never changes, so it is cached forever; the manifest never is.
 */
export const staticFilesPlugin = fp<StaticOptions>(
  async (app, { shellDir, deployDir }) => {
    mkdirSync(deployDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: deployDir,
      prefix: '/mfe/',
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res, file) => {
        // Only files inside `<remote>/<version>/` are immutable; the manifest and anything above a version are not.
        const depth = path.relative(deployDir, file).split(path.sep).length;
        res.header('Cache-Control', depth >= 3 ? IMMUTABLE : NO_CACHE);
      },
    });

    if (!existsSync(path.join(shellDir, 'index.html'))) {
      app.log.warn({ shellDir }, 'no built shell found; only the API and /mfe are served');
      return;
    }
    // This registration decorates reply.sendFile, so the SPA fallback gets the shell's cache rules.
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, file) => res.header('Cache-Control', shellCacheControl(file)),
    });
    app.serveSpa = (_request, reply) => reply.sendFile('index.html', shellDir);
  },
  { name: 'static-files', dependencies: ['errors'] },
);
