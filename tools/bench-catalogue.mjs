// Server hot path: requests/s and p99 latency of a trivial route through the whole app (GET /api/health:
// helmet, i18n, NUL guard, compression, logging as configured, no database) and of product search
// (GET /api/catalogue/products: five query shapes the screens send, then every request a new query so the
// server's few-second cache of shared answers never helps) on PGlite and on PostgreSQL, beside a bare
// Fastify route measured in the same run (the ratio is the figure). Each target is measured BENCH_ROUNDS times (default 3) and the
// median round by requests/s is kept: the 2 cores are shared. Everything listens on 127.0.0.1; the
// PostgreSQL database is created and dropped here. Writes var/bench/catalogue.md and, for the combined
// table, var/bench/catalogue.json (`rows: [{ name, key, rps, p99, non2xx, ratio }]`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, root, startServer } from './app-server.mjs';
import { CATALOGUE_SEARCHES as SEARCHES, giveUpAfter, onOwnPostgres, writeReport } from './bench-lib.mjs';

const require = createRequire(path.join(root, 'server/package.json'));
const autocannon = require('autocannon');

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const TOTAL_TIMEOUT_MS = 8 * 60_000;

giveUpAfter('bench-catalogue', TOTAL_TIMEOUT_MS);

const TRIVIAL = ['/api/health'];
/**
 * Search where no two requests ask the same (a new lowest price each time): what a query costs when the
 * server's few-second cache of shared answers cannot help, i.e. the database path itself.
 */
let distinct = 0;
const DISTINCT_SEARCH = [
  {
    method: 'GET',
    setupRequest: (request) => ({
      ...request,
      path: `/api/catalogue/products?minPrice=${distinct++}&sort=priceAsc&page=1&pageSize=20`,
    }),
  },
];

const once = (url, paths) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: typeof paths[0] === 'string' ? paths.map((p) => ({ method: 'GET', path: p })) : paths,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });

const figures = (result) => ({
  rps: Math.round(result.requests.average),
  p99: result.latency.p99,
  non2xx: result.non2xx + result.errors,
});

/**
 * ROUNDS rounds, each the bare Fastify route and then the target, back to back: the load other work puts
 * on the shared cores drifts within seconds, so each target is compared with bare Fastify measured right
 * before it. The round with the median ratio is kept (its figures stay together).
 */
const bareRuns = [];
const run = async (url, paths) => {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bareRound = figures(await once(bare.url, ['/ping']));
    bareRuns.push(bareRound);
    const round = figures(await once(url, paths));
    rounds.push({ ...round, bareRps: bareRound.rps, ratio: Math.round((round.rps / bareRound.rps) * 1000) / 10 });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  return rounds[Math.floor((rounds.length - 1) / 2)];
};

/** A child process serving `{ ok: true }` from Fastify, so load generator and server never share a thread. */
const startBareFastify = async () => {
  const port = await freePort();
  const code = `
    const app = require('fastify')();
    app.get('/ping', async () => ({ code: 1, msg: 'Success', data: null }));
    app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.join(root, 'server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.on('exit', (exitCode) => reject(new Error(`bare fastify exited ${exitCode}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
};

const checkTrivial = async (url) => {
  const body = await (await fetch(`${url}${TRIVIAL[0]}`)).json();
  if (body.code !== 1) throw new Error(`trivial route did not answer: ${JSON.stringify(body).slice(0, 200)}`);
};

const checkSearch = async (url) => {
  const response = await fetch(`${url}${SEARCHES[0]}`);
  const body = await response.json();
  if (body.code !== 1 || body.data.list.length === 0)
    throw new Error(`search did not answer: ${JSON.stringify(body).slice(0, 200)}`);
};

const rows = [];
const bare = await startBareFastify();
process.on('exit', () => bare.stop());

/** The three targets on a server started with `env`, after checking it answers them; `database` names its rows. */
const measureApp = async (database, key, env) => {
  const server = await startServer({ env });
  try {
    await checkTrivial(server.url);
    await checkSearch(server.url);
    const targets = [
      ['trivial route (whole app)', 'trivial', TRIVIAL],
      ['product search', 'search', SEARCHES],
      ['product search, every query distinct (no cache hit)', 'search-distinct', DISTINCT_SEARCH],
    ];
    for (const [name, target, requests] of targets) {
      rows.push({ name: `${name}, ${database}`, key: `${target}-${key}`, ...(await run(server.url, requests)) });
    }
  } finally {
    await server.stop();
  }
};

await measureApp('PGlite', 'pglite', {});
const { note: pgNote } = await onOwnPostgres(`bench_catalogue_${process.pid}`, (url) =>
  measureApp('PostgreSQL', 'postgres', { DATABASE_URL: url, SEED_DEMO: '1' }),
);

bare.stop();
bareRuns.sort((a, b) => a.rps - b.rps);
rows.unshift({
  name: `bare Fastify (trivial route), median of ${bareRuns.length} runs`,
  key: 'bare',
  ...bareRuns[Math.floor((bareRuns.length - 1) / 2)],
  ratio: 100,
});
const load = (await import('node:os')).loadavg().map((n) => n.toFixed(2));
const table = [
  `Server hot path (${CONNECTIONS} connections, ${DURATION_S} s per round, median of ${ROUNDS} rounds, each target right after a bare Fastify run it is compared with; search mixes ${SEARCHES.length} query shapes; load average after: ${load.join(' ')})`,
  '',
  '| Target | requests/s | p99 ms | non-2xx/errors | bare Fastify just before, requests/s | vs bare Fastify |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${row.rps} | ${row.p99} | ${row.non2xx} | ${row.bareRps ?? ''} | ${row.ratio.toFixed(1)} % |`,
  ),
  ...(pgNote ? ['', pgNote] : []),
].join('\n');
writeReport('catalogue', table, {
  connections: CONNECTIONS,
  durationS: DURATION_S,
  rounds: ROUNDS,
  load,
  rows,
  pgNote,
});
process.exit(0);
