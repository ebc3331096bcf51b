// Catalogue reads with 1 and with 2 API processes (issue 24): `npm run start:cluster` (server/src/cluster.ts)
// with WEB_CONCURRENCY=1 and =2 on one PostgreSQL database and Redis, behind one port, loaded from the same
// 2 cores (so the load generator takes its share of them: the figure is what this machine gives, not what 2
// dedicated cores would). The load generator is wrk (Debian's `wrk`, one thread, C and epoll: about a tenth
// of the CPU per request that a Node load generator takes) when /usr/bin/wrk exists, else autocannon in
// this process (BENCH_LOADGEN=autocannon forces it); the table says which. Nothing is pinned: the kernel
// shares both cores between the load generator, the API processes, PostgreSQL and Redis. The requests are
// the catalogue searches the screens send (the shared answers the server keeps a few seconds) and searches
// no two alike (the database path). Each setting is measured BENCH_ROUNDS times (default 3), alternating,
// and the median kept.
// Writes var/bench/cluster.md and var/bench/cluster.json (`rows: [{ name, key, rps, p99, non2xx }]`, `ratio`).
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, root } from './app-server.mjs';

const require = createRequire(path.join(root, 'server/package.json'));
const autocannon = require('autocannon');
const { Client } = require('pg');

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 24;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const watchdog = setTimeout(() => {
  console.error('bench-cluster: gave up after 8 minutes');
  process.exit(1);
}, 8 * 60_000);
watchdog.unref();

const SEARCHES = [
  '/api/catalogue/products?keyword=tea&sort=sales&page=1&pageSize=20',
  '/api/catalogue/products?category=computer&minPrice=10000&maxPrice=90000&sort=priceAsc&page=1&pageSize=20',
  '/api/catalogue/products?keyword=shirt&sort=priceDesc&page=2&pageSize=20',
  '/api/catalogue/products?sort=newest&page=3&pageSize=20',
  '/api/catalogue/products?category=toys&sort=sales&page=1&pageSize=20',
];
let distinct = 0;
const DISTINCT = [
  {
    method: 'GET',
    setupRequest: (request) => ({
      ...request,
      path: `/api/catalogue/products?minPrice=${distinct++}&sort=priceAsc&page=1&pageSize=20`,
    }),
  },
];

const WRK = '/usr/bin/wrk';
const LOADGEN = process.env.BENCH_LOADGEN ?? (existsSync(WRK) ? 'wrk' : 'autocannon');

let wrkRuns = 0;
/** wrk's Lua script: the shared searches in turn, or price bounds no two requests share (a real floor, a ceiling above every price). */
const wrkScript = (kind) =>
  kind === 'shared'
    ? `local paths = { ${SEARCHES.map((p) => `"${p}"`).join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`
    : `local i = ${(wrkRuns++ + 1) * 10_000_000}
request = function()
  i = i + 1
  return wrk.format("GET", "/api/catalogue/products?minPrice=" .. (i % 20000) .. "&maxPrice=" .. (1000000000 + i) .. "&sort=priceAsc&page=1&pageSize=20")
end
`;

const scriptDir = mkdtempSync(path.join(tmpdir(), 'marketplace-wrk-'));

/** One wrk run; answers in autocannon's shape ({ requests.average, latency.p99, non2xx }). */
const wrkLoad = (url, kind) =>
  new Promise((resolve, reject) => {
    const script = path.join(scriptDir, `${kind}.lua`);
    writeFileSync(script, wrkScript(kind));
    execFile(
      WRK,
      ['-t1', `-c${CONNECTIONS}`, `-d${DURATION_S}s`, '--latency', '-s', script, url],
      { timeout: (DURATION_S + 30) * 1000 },
      (error, stdout) => {
        if (error) return reject(error);
        const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
        const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(stdout);
        const p99ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : NaN;
        const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
        const errors = /Socket errors:.*/.exec(stdout)?.[0];
        if (!Number.isFinite(rps)) return reject(new Error(`wrk printed no rate:\n${stdout}`));
        resolve({ requests: { average: rps }, latency: { p99: Number(p99ms.toFixed(1)) }, non2xx, errors });
      },
    );
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const load = (url, requests) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: typeof requests[0] === 'string' ? requests.map((p) => ({ method: 'GET', path: p })) : requests,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

/** The cluster with `workers` processes on a free port; resolves once /api/ready answers. */
const startCluster = async (workers, databaseUrl) => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-cluster-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cluster.ts'], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: `mp-bench-cluster:${process.pid}:`,
      WEB_CONCURRENCY: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEPLOY_DIR: path.join(dataDir, 'deploy'),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 90_000; waited += 250) {
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      // Every worker listens once the primary has forked them all; give the last a moment.
      await sleep(1_000);
      return {
        url,
        stop: async () => {
          child.kill('SIGTERM');
          for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`cluster of ${workers} did not become ready`);
};

const admin = new Client({ connectionString: PG_ADMIN_URL });
await admin.connect();
const database = `mp_bench_cluster_${process.pid}`;
await admin.query(`DROP DATABASE IF EXISTS ${database}`);
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = new URL(PG_ADMIN_URL);
databaseUrl.pathname = `/${database}`;

const samples = { 1: { shared: [], distinct: [] }, 2: { shared: [], distinct: [] } };
try {
  // Seed once (the first start migrates and seeds), then alternate 1 and 2 processes round by round.
  for (let round = 0; round < ROUNDS; round++) {
    for (const workers of [1, 2]) {
      const cluster = await startCluster(workers, databaseUrl.toString());
      try {
        if (LOADGEN === 'wrk') {
          await wrkLoad(cluster.url, 'shared'); // warm-up: JIT, plans, the shared answers
          samples[workers].shared.push(await wrkLoad(cluster.url, 'shared'));
          samples[workers].distinct.push(await wrkLoad(cluster.url, 'distinct'));
        } else {
          await load(cluster.url, SEARCHES); // warm-up: JIT, plans, the shared answers
          samples[workers].shared.push(await load(cluster.url, SEARCHES));
          samples[workers].distinct.push(await load(cluster.url, DISTINCT));
        }
      } finally {
        await cluster.stop();
      }
      console.log(
        `round ${round + 1}, ${workers} process(es): shared ${samples[workers].shared.at(-1).requests.average} req/s, distinct ${samples[workers].distinct.at(-1).requests.average} req/s`,
      );
    }
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  rmSync(scriptDir, { recursive: true, force: true });
}

const median = (results) => [...results].sort((a, b) => a.requests.average - b.requests.average)[results.length >> 1];
const rows = [];
for (const kind of ['shared', 'distinct']) {
  for (const workers of [1, 2]) {
    const result = median(samples[workers][kind]);
    rows.push({
      name: `catalogue ${kind === 'shared' ? 'searches (shared answers)' : 'searches, no two alike'}, ${workers} process${workers > 1 ? 'es' : ''}`,
      key: `${kind}-${workers}`,
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      non2xx: result.non2xx,
    });
  }
}
const ratio = Object.fromEntries(
  ['shared', 'distinct'].map((kind) => [
    kind,
    Number((rows.find((r) => r.key === `${kind}-2`).rps / rows.find((r) => r.key === `${kind}-1`).rps).toFixed(2)),
  ]),
);
const table = [
  `Catalogue reads, 1 vs 2 API processes (PostgreSQL + Redis; ${LOADGEN === 'wrk' ? 'wrk, 1 thread' : 'autocannon'}, ${CONNECTIONS} connections, ${DURATION_S} s, median of ${ROUNDS}; load generator, API processes, PostgreSQL and Redis share the same 2 cores, nothing pinned)`,
  '',
  '| Figure | req/s | p99 ms | non-2xx |',
  '| --- | ---: | ---: | ---: |',
  ...rows.map((row) => `| ${row.name} | ${row.rps} | ${row.p99} | ${row.non2xx} |`),
  `| 2 processes / 1, shared answers | ${ratio.shared}× | | |`,
  `| 2 processes / 1, no two alike | ${ratio.distinct}× | | |`,
].join('\n');
console.log(`\n${table}`);
mkdirSync(path.join(root, 'var/bench'), { recursive: true });
writeFileSync(path.join(root, 'var/bench/cluster.md'), `${table}\n`);
writeFileSync(path.join(root, 'var/bench/cluster.json'), JSON.stringify({ loadgen: LOADGEN, rows, ratio }, null, 2));
