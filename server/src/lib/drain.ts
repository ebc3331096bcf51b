import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the process is stopping: /api/ready answers 503 and every answer closes its connection. */
    draining: boolean;
  }
}

/** Every answer of a draining process carries `Connection: close`: its client opens its next one elsewhere. */
export const registerDrainState = (app: FastifyInstance) => {
  app.decorate('draining', false);
  app.addHook('onRequest', async (_request, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A clean stop under a load balancer: first `/api/ready` fails and every answer says `Connection: close`
 * while the process keeps serving for `delayMs` (the balancer sees it and sends no more); then it stops
 * taking connections WITHOUT cutting idle kept-alive ones (a request a client sends on one as it is cut
 * would meet a reset): each open connection is answered once more and closed, until none is left or
 * `waitMs` has passed; then app.close() ends the rest, finishes the requests in flight and closes the
 * database. A request that arrives on an open connection is therefore always answered.
 */
export const drainAndClose = async (app: FastifyInstance, { delayMs, waitMs }: { delayMs: number; waitMs: number }) => {
  app.draining = true;
  await sleep(delayMs);
  const server = app.server;
  // net.Server's own close: stops accepting without http.Server's closing of idle connections.
  if (server.listening) Server.prototype.close.call(server);
  const until = Date.now() + waitMs;
  const open = () =>
    new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
  while (Date.now() < until && (await open()) > 0) await sleep(50);
  await app.close();
};
