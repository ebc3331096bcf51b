import cluster from 'node:cluster';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { drainAndClose } from './lib/drain';

/** How long a stopping process may take to finish its requests and flush its counters before it exits. */
const SHUTDOWN_DEADLINE_MS = Number(process.env.SHUTDOWN_DEADLINE_MS) || 10_000;
/** How long a stopping process keeps serving with /api/ready failing, so the load balancer sees it first. */
const SHUTDOWN_DRAIN_MS = Math.min(
  Number(process.env.SHUTDOWN_DRAIN_MS ?? 2_000) || 0,
  Math.max(0, SHUTDOWN_DEADLINE_MS - 3_000),
);
/** In a cluster only one worker prints the URL and the bootstrap command (cluster.ts). */
const announces = !cluster.isWorker || process.env.MARKETPLACE_ANNOUNCE === '1';

const start = async () => {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The deadline: a request that never ends must not keep a rolling deploy waiting for ever.
    setTimeout(() => {
      app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed: exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // SIGTERM (a rolling deploy): /api/ready fails first and the connections drain (lib/drain.ts); Ctrl-C
    // stops at once. Closing the app stops accepting connections, lets the requests in flight finish, writes
    // the buffered view counts, then closes the database and releases the data-directory lock.
    const closed =
      signal === 'SIGINT'
        ? app.close()
        : drainAndClose(app, {
            delayMs: SHUTDOWN_DRAIN_MS,
            waitMs: Math.max(0, SHUTDOWN_DEADLINE_MS - SHUTDOWN_DRAIN_MS - 2_000),
          });
    closed.then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  // A cluster worker is told to stop by its primary (cluster.ts) through the IPC channel.
  process.on('message', (message) => {
    if (message === 'shutdown') shutdown('cluster');
  });

  await app.listen({ port: config.port, host: config.host });
  if (!announces) return;
  // The address it listens on; a wildcard one (0.0.0.0, ::) is reached as localhost on this machine.
  const wildcard = ['0.0.0.0', '::', ''].includes(config.host);
  const host = wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Marketplace running at http://${host}:${config.port}`);
  // No admin yet: the one-time command that creates the first one (docs/decisions/0002-operator-accounts.md);
  // never a default password.
  const bootstrap = await app.operatorAccounts.bootstrapHint();
  if (bootstrap)
    console.log(
      `No operator admin yet. Create the first one with (the same command works until its set-up is done):\n  ${bootstrap}`,
    );
};

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
