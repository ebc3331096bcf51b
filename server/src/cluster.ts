import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/**
 * `npm run start:cluster`: one API process per core (WEB_CONCURRENCY to choose) behind one port, for
 * PostgreSQL (DATABASE_URL) and, so that limits hold across them, Redis (REDIS_URL). The primary only
 * supervises: a worker that dies is started again (after 1 s, so a crash loop cannot spin), and SIGTERM /
 * SIGINT asks every worker to drain and stop (main.ts's deadline applies to each), then exits.
 */
const workers = Number(process.env.WEB_CONCURRENCY) || availableParallelism();

if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster needs DATABASE_URL: the embedded PGlite database belongs to one process (use npm start).',
  );
  process.exit(1);
}
if (!process.env.REDIS_URL) {
  console.warn('REDIS_URL is not set: each of the processes keeps its own limits (N processes allow N times them).');
}

cluster.setupPrimary({ exec: path.join(__dirname, 'main.ts'), execArgv: ['--import', 'tsx'] });
let stopping = false;
/**
 * One worker announces (the URL and, while no admin exists, the bootstrap command): the first one, and the
 * one started in its place. The others stay quiet, so a cluster prints the bootstrap line once.
 */
let announcer: Worker | undefined;
const fork = (announce: boolean) => {
  const worker = cluster.fork(announce ? { MARKETPLACE_ANNOUNCE: '1' } : {});
  if (announce) announcer = worker;
};
for (let i = 0; i < workers; i++) fork(i === 0);

cluster.on('exit', (worker: Worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  console.error(`API worker ${worker.process.pid} exited (${signal ?? code}); starting another in 1 s`);
  const announce = worker === announcer;
  setTimeout(() => fork(announce), 1_000);
});

const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} API workers`);
  for (const worker of Object.values(cluster.workers ?? {})) worker?.send('shutdown');
  const deadline = (Number(process.env.SHUTDOWN_DEADLINE_MS) || 10_000) + 2_000;
  setTimeout(() => process.exit(1), deadline).unref();
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
console.log(`Marketplace cluster: ${workers} API workers on port ${process.env.PORT ?? 8080}`);
