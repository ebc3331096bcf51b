import { buildApp } from './app';
import { loadConfig } from './config/config';

/** How long a stopping process may take to finish its requests and flush its counters before it exits. */
const SHUTDOWN_DEADLINE_MS = Number(process.env.SHUTDOWN_DEADLINE_MS) || 10_000;

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
    // Closing the app stops accepting connections, lets the requests in flight finish, writes the buffered
    // view counts, then closes the database and releases the data-directory lock (preClose/onClose hooks).
    app.close().then(
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
  console.log(`Marketplace running at http://localhost:${config.port}`);
  // No admin yet: the one-time command that creates the first one (docs/decisions/0002-operator-accounts.md); never a default password.
  const bootstrap = await app.operatorAccounts.bootstrapHint();
  if (bootstrap) console.log(`No operator admin yet. Create the first one (once) with:\n  ${bootstrap}`);
};

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
