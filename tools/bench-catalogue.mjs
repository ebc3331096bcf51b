// Product search throughput: requests/s and p99 latency of GET /api/catalogue/products on PGlite and on
// PostgreSQL, beside a bare Fastify route measured in the same run (the ratio is the figure).
// Everything listens on 127.0.0.1; the PostgreSQL database is created and dropped here. Writes
// var/bench/catalogue.md.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, root, startServer } from './app-server.mjs';

const require = createRequire(path.join(root, 'server/package.json'));
const autocannon = require('autocannon');
const { Client } = require('pg');

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 20;
const TOTAL_TIMEOUT_MS = 6 * 60_000;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const watchdog = setTimeout(() => {
  console.error(`bench-catalogue: gave up after ${TOTAL_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
watchdog.unref();

/** A mix of searches the filter and search screens send. */
const SEARCHES = [
  '/api/catalogue/products?keyword=tea&sort=sales&page=1&pageSize=20',
  '/api/catalogue/products?category=computer&minPrice=10000&maxPrice=90000&sort=priceAsc&page=1&pageSize=20',
  '/api/catalogue/products?keyword=shirt&sort=priceDesc&page=2&pageSize=20',
  '/api/catalogue/products?sort=newest&page=3&pageSize=20',
  '/api/catalogue/products?category=toys&sort=sales&page=1&pageSize=20',
];

const run = (url, paths) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: paths.map((p) => ({ method: 'GET', path: p })),
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

const checkSearch = async (url) => {
  const response = await fetch(`${url}${SEARCHES[0]}`);
  const body = await response.json();
  if (body.code !== 1 || body.data.list.length === 0)
    throw new Error(`search did not answer: ${JSON.stringify(body).slice(0, 200)}`);
};

const rows = [];
const bare = await startBareFastify();
try {
  const result = figures(await run(bare.url, ['/ping']));
  rows.push({ name: 'bare Fastify (trivial route)', ...result });
} finally {
  bare.stop();
}
const bareRps = rows[0].rps;

const pglite = await startServer();
try {
  await checkSearch(pglite.url);
  rows.push({ name: 'product search, PGlite', ...figures(await run(pglite.url, SEARCHES)) });
} finally {
  await pglite.stop();
}

const dbName = `bench_catalogue_${process.pid}`;
let pgNote = '';
const admin = new Client({ connectionString: PG_ADMIN_URL });
try {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  const postgres = await startServer({ env: { DATABASE_URL: url.toString(), SEED_DEMO: '1' } });
  try {
    await checkSearch(postgres.url);
    rows.push({ name: 'product search, PostgreSQL', ...figures(await run(postgres.url, SEARCHES)) });
  } finally {
    await postgres.stop();
  }
} catch (error) {
  pgNote = `PostgreSQL not measured: ${error.message}`;
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}

const table = [
  `Product search (${CONNECTIONS} connections, ${DURATION_S} s each, ${SEARCHES.length} query shapes)`,
  '',
  '| Target | requests/s | p99 ms | non-2xx/errors | vs bare Fastify |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) => `| ${row.name} | ${row.rps} | ${row.p99} | ${row.non2xx} | ${((row.rps / bareRps) * 100).toFixed(1)} % |`,
  ),
  ...(pgNote ? ['', pgNote] : []),
].join('\n');
console.log(table);
mkdirSync(path.join(root, 'var/bench'), { recursive: true });
writeFileSync(path.join(root, 'var/bench/catalogue.md'), `${table}\n`);
process.exit(0);
