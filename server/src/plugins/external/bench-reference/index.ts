import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The Lighthouse bench's reference (docs/decisions/0010-lighthouse-against-a-reference.md): Home's first screen
 * (a header, ten category icons, twenty product tiles with the same pictures) drawn by a few lines of plain
 * script from one JSON answer of this server, with no framework, no federation and no app code. Lighthouse
 * measures it in the same run as /home and /detail, so each figure of the app is read as a ratio to what this
 * machine, this Chromium and this server do for the same screen. Registered only with BENCH_REFERENCE_PAGE=1
 * outside production (config).
 */
export const benchReferencePage = async (app: FastifyInstance) => {
  // Read when the bench asks for the page, not at every server's start.
  const page = readFileSync(path.join(__dirname, 'reference.html'), 'utf8');
  const script = readFileSync(path.join(__dirname, 'reference.js'), 'utf8');
  app.get('/bench-reference', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page),
  );
  app.get('/bench-reference.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(script),
  );
};
