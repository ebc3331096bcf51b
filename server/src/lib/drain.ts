import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the process is stopping: /api/ready answers 503. */
    draining: boolean;
    /** True once it takes no more connections: every answer closes its connection. */
    closingConnections: boolean;
  }
}

/**
 * Once a stopping process takes no more connections, every answer carries `Connection: close`: its client
 * opens its next connection elsewhere.
 */
export const registerDrainState = (app: FastifyInstance) => {
  app.decorate('draining', false);
  app.decorate('closingConnections', false);
  app.addHook('onRequest', async (_request, reply) => {
    if (app.closingConnections) reply.header('connection', 'close');
  });
};

/**
 * After the listener closes, how long open connections get to bring one more request (answered with
 * `Connection: close`) before the idle ones are closed: a client that sends often has used its connection
 * by then; one idle that long is an idle pool connection.
 */
const IDLE_GRACE_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A clean stop under a load balancer: first `/api/ready` fails while the process keeps serving as before
 * for `delayMs` (the balancer sees it and sends no more; connections stay kept alive, so no new ones wait
 * in the accept queue, whose connections closing the listener would reset). Then it stops taking
 * connections WITHOUT cutting idle kept-alive ones (a request a client sends on one as it is cut would meet
 * a reset): each open connection is answered once more with `Connection: close`, until none is left or
 * IDLE_GRACE_MS (at most `waitMs`) has passed; then app.close() ends the rest, finishes the requests in flight and closes the
 * database. A request that arrives on an open connection is therefore answered.
 */
export const drainAndClose = async (app: FastifyInstance, { delayMs, waitMs }: { delayMs: number; waitMs: number }) => {
  app.draining = true;
  await sleep(delayMs);
  const server = app.server;
  // net.Server's own close: stops accepting without http.Server's closing of idle connections.
  app.closingConnections = true;
  if (server.listening) Server.prototype.close.call(server);
  const until = Date.now() + Math.min(waitMs, IDLE_GRACE_MS);
  const open = () =>
    new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
  while (Date.now() < until && (await open()) > 0) await sleep(50);
  await app.close();
};
