// Catalogue reads with 1 and with 2 API processes (docs/decisions/0007-several-api-processes.md): `npm run start:cluster` (server/src/cluster.ts)
// with WEB_CONCURRENCY=1 and =2 on one PostgreSQL database and Redis, behind one port, loaded from the same
// 2 cores (so the load generator takes its share of them: the figure is what this machine gives, not what 2
// dedicated cores would). The load generator is wrk (Debian's `wrk`, one thread, C and epoll: about a tenth
// of the CPU per request that a Node load generator takes) when /usr/bin/wrk exists, else autocannon in
// this process (BENCH_LOADGEN=autocannon forces it); the table says which. Nothing is pinned: the kernel
// shares both cores between the load generator, the API processes, PostgreSQL and Redis.
// Three loads, each sent as a browser sends it (Accept-Encoding: gzip, deflate, br):
// - the shopper path: Home (categories, hot products, hot keywords), category lists (first two pages of
//   each category) and product pages, the most popular most often (the products those first pages show,
//   weighted towards the top as shoppers click);
// - the catalogue searches the screens send (the shared answers the server keeps a few seconds);
// - searches no two alike (the database path: every request a new query).
// Each round measures 1 then 2 processes (BENCH_ROUNDS rounds, default 5, 5 s each); the table gives the
// median req/s of each setting, the ratio of the medians and the lowest ratio of a round.
// Writes var/bench/cluster.md and var/bench/cluster.json (`rows: [{ name, key, rps, p99, non2xx }]`,
// `ratio: { path, shared, distinct }`, `minRatio` (same keys), `rounds`).
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, root } from './app-server.mjs';
import { CATALOGUE_SEARCHES as SEARCHES } from './bench-lib.mjs';

const require = createRequire(path.join(root, 'server/package.json'));
const autocannon = require('autocannon');
const { Client } = require('pg');

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 24;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const watchdog = setTimeout(() => {
  console.error('bench-cluster: gave up after 15 minutes');
  process.exit(1);
}, 15 * 60_000);
watchdog.unref();

let distinct = 0;
const DISTINCT = [
  {
    method: 'GET',
    setupRequest: (request) => ({
      ...request,
      path: `/api/catalogue/products?minPrice=${distinct++}&maxPrice=${1_000_000_000 + distinct}&sort=priceAsc&page=1&pageSize=20`,
    }),
  },
];

/** What a browser sends: the server answers compressed, as it does for shoppers. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const HEADERS = { 'accept-encoding': ACCEPT_ENCODING };

/**
 * The shopper path: 1,000 requests in a fixed mixed order, a third Home, a third category lists, a third
 * product pages; `products` are the ids the first pages show, most popular first, and a product page picks
 * index ⌊n·u²⌋ (u uniform: the top of the lists far more often than their end).
 */
const shopperPath = (products, categories) => {
  const home = [
    '/api/catalogue/categories',
    '/api/catalogue/hot_products?page=1&pageSize=20',
    '/api/catalogue/hot_keywords',
  ];
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const paths = [];
  for (let i = 0; i < 1000; i++) {
    if (i % 3 === 0) paths.push(home[(i / 3) % home.length]);
    else if (i % 3 === 1) {
      const category = categories[Math.floor(random() * categories.length)];
      paths.push(`/api/catalogue/products?category=${category}&sort=sales&page=${random() < 0.7 ? 1 : 2}&pageSize=20`);
    } else paths.push(`/api/catalogue/product?id=${products[Math.floor(products.length * random() ** 2)]}`);
  }
  return paths;
};

const WRK = '/usr/bin/wrk';
const LOADGEN = process.env.BENCH_LOADGEN ?? (existsSync(WRK) ? 'wrk' : 'autocannon');

let wrkRuns = 0;
const luaHeaders = `{ ["Accept-Encoding"] = "${ACCEPT_ENCODING}" }`;
/** wrk's Lua script: a fixed list of requests formatted once (`paths`) in turn, or price bounds no two requests share. */
const wrkScript = (paths) =>
  paths
    ? `local paths = { ${paths.map((p) => `"${p}"`).join(', ')} }
local requests = {}
init = function()
  for k, p in ipairs(paths) do requests[k] = wrk.format("GET", p, ${luaHeaders}) end
end
local i = 0
request = function()
  i = i + 1
  return requests[(i % #requests) + 1]
end
`
    : `local i = ${(wrkRuns++ + 1) * 10_000_000}
request = function()
  i = i + 1
  return wrk.format("GET", "/api/catalogue/products?minPrice=" .. (i % 20000) .. "&maxPrice=" .. (1000000000 + i) .. "&sort=priceAsc&page=1&pageSize=20", ${luaHeaders})
end
`;

const scriptDir = mkdtempSync(path.join(tmpdir(), 'marketplace-wrk-'));

/** One wrk run; answers in autocannon's shape ({ requests.average, latency.p99, non2xx }). */
const wrkLoad = (url, kind, paths) =>
  new Promise((resolve, reject) => {
    const script = path.join(scriptDir, `${kind}.lua`);
    writeFileSync(script, wrkScript(paths));
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

const loadAverage = () => loadavg()[0].toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const load = (url, requests) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: HEADERS,
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
  for (let waited = 0; waited < 180_000; waited += 250) {
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

const KINDS = ['path', 'shared', 'distinct'];
const samples = Object.fromEntries([1, 2].map((w) => [w, Object.fromEntries(KINDS.map((k) => [k, []]))]));
/** The ids the first pages show (Home's hot products, then each category's best sellers), most sold first. */
const firstPageProducts = async (url) => {
  const read = (query) => fetch(`${url}${query}`).then(async (response) => (await response.json()).data);
  const categories = (await read('/api/catalogue/categories')).map((c) => c.key);
  const ids = new Map();
  const lists = [await read('/api/catalogue/hot_products?page=1&pageSize=20')];
  for (const category of categories) {
    lists.push(await read(`/api/catalogue/products?category=${category}&sort=sales&page=1&pageSize=20`));
  }
  for (const card of lists.flatMap((page) => page.list)) ids.set(card.id, card.sold);
  return { categories, products: [...ids].sort((a, b) => b[1] - a[1]).map(([id]) => id) };
};
let shopperPaths = null;
try {
  // Seed once (the first start migrates and seeds), then 1 and 2 processes round by round.
  for (let round = 0; round < ROUNDS; round++) {
    for (const workers of [1, 2]) {
      const cluster = await startCluster(workers, databaseUrl.toString());
      try {
        if (!shopperPaths) {
          const { products, categories } = await firstPageProducts(cluster.url);
          shopperPaths = shopperPath(products, categories);
        }
        if (LOADGEN === 'wrk') {
          await wrkLoad(cluster.url, 'path', shopperPaths); // warm-up: JIT, plans, the shared answers
          samples[workers].path.push(await wrkLoad(cluster.url, 'path', shopperPaths));
          samples[workers].shared.push(await wrkLoad(cluster.url, 'shared', SEARCHES));
          samples[workers].distinct.push(await wrkLoad(cluster.url, 'distinct'));
        } else {
          await load(cluster.url, shopperPaths); // warm-up: JIT, plans, the shared answers
          samples[workers].path.push(await load(cluster.url, shopperPaths));
          samples[workers].shared.push(await load(cluster.url, SEARCHES));
          samples[workers].distinct.push(await load(cluster.url, DISTINCT));
        }
      } finally {
        await cluster.stop();
      }
      console.log(
        `round ${round + 1}, ${workers} process(es): ${KINDS.map((k) => `${k} ${samples[workers][k].at(-1).requests.average} req/s`).join(', ')} (load ${loadAverage()})`,
      );
    }
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  rmSync(scriptDir, { recursive: true, force: true });
}

const median = (results) => [...results].sort((a, b) => a.requests.average - b.requests.average)[results.length >> 1];
const NAMES = {
  path: 'shopper path (Home, category lists, product pages)',
  shared: 'catalogue searches (shared answers)',
  distinct: 'catalogue searches, no two alike (database)',
};
const rows = [];
for (const kind of KINDS) {
  for (const workers of [1, 2]) {
    const result = median(samples[workers][kind]);
    rows.push({
      name: `${NAMES[kind]}, ${workers} process${workers > 1 ? 'es' : ''}`,
      key: `${kind}-${workers}`,
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      non2xx: result.non2xx,
    });
  }
}
const rps = (key) => rows.find((r) => r.key === key).rps;
const ratio = Object.fromEntries(KINDS.map((kind) => [kind, Number((rps(`${kind}-2`) / rps(`${kind}-1`)).toFixed(2))]));
/** Each round's own ratio (its 2-process run over its 1-process run): the lowest says how reliable the median is. */
const roundRatios = Object.fromEntries(
  KINDS.map((kind) => [
    kind,
    samples[2][kind].map((two, i) => Number((two.requests.average / samples[1][kind][i].requests.average).toFixed(2))),
  ]),
);
const minRatio = Object.fromEntries(KINDS.map((kind) => [kind, Math.min(...roundRatios[kind])]));
const table = [
  `Catalogue reads, 1 vs 2 API processes (PostgreSQL + Redis; ${LOADGEN === 'wrk' ? 'wrk, 1 thread' : 'autocannon'}, ${CONNECTIONS} connections, Accept-Encoding "${ACCEPT_ENCODING}", ${DURATION_S} s, median of ${ROUNDS} rounds; the load generator, the API processes, PostgreSQL and Redis share the same 2 cores, nothing pinned; load average ${loadAverage()} at the end)`,
  '',
  '| Figure | req/s | p99 ms | non-2xx |',
  '| --- | ---: | ---: | ---: |',
  ...rows.map((row) => `| ${row.name} | ${row.rps} | ${row.p99} | ${row.non2xx} |`),
  ...KINDS.map(
    (kind) =>
      `| 2 processes / 1, ${NAMES[kind]}: median, lowest round (rounds) | ${ratio[kind]}×, ${minRatio[kind]}× (${roundRatios[kind].join(', ')}) | | |`,
  ),
].join('\n');
console.log(`\n${table}`);
mkdirSync(path.join(root, 'var/bench'), { recursive: true });
writeFileSync(path.join(root, 'var/bench/cluster.md'), `${table}\n`);
writeFileSync(
  path.join(root, 'var/bench/cluster.json'),
  JSON.stringify({ loadgen: LOADGEN, rows, ratio, minRatio, rounds: roundRatios }, null, 2),
);
