// Search at marketplace scale (docs/decisions/0006-search-at-scale.md): requests/s and p99 of keyword search, suggestions while typing,
// a category list page and Home's product list, on PGlite and on PostgreSQL, with the 640-product demo
// catalogue and with a generated one of BENCH_SEARCH_PRODUCTS (default 100,000; SEED_PRODUCTS on a fresh
// server), so the cost of growth shows beside the demo figures. Searches, suggestions and list pages ask
// something new on every request (a keyword from a fixed list, typos included, in a random letter case:
// the same database work, never the server's few-second answer cache); Home asks its first pages as every
// shopper does (the cache helps, as it does in production). 20 connections; after a CHECKPOINT
// (PostgreSQL) and WARM_UP_S of each target unmeasured, BENCH_DURATION_S per target (default 5), the
// median of BENCH_ROUNDS (default 1) by requests/s. Everything listens on 127.0.0.1; the
// PostgreSQL databases are created and dropped here. Writes var/bench/search.md and search.json
// (`rows: [{ name, key, engine, products, target, rps, p99, non2xx, goal }]`) for tools/bench-summary.mjs.
// `node tools/bench-search.mjs pglite` or `postgres` measures one engine only.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { tsImport } from 'tsx/esm/api';
import { root, startServer } from './app-server.mjs';

const require = createRequire(path.join(root, 'server/package.json'));
const autocannon = require('autocannon');
const { Client } = require('pg');

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const LARGE = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const CONNECTIONS = 20;
const WARM_UP_S = 3;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL_TIMEOUT_MS = 60 * 60_000;
const engines = process.argv.slice(2).length ? process.argv.slice(2) : ['pglite', 'postgres'];

const watchdog = setTimeout(() => {
  console.error(`bench-search: gave up after ${TOTAL_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
watchdog.unref();

/** What shoppers type: product words, shop and brand names, category names in other languages, typos. */
const KEYWORDS = [
  'keyboard',
  'keybord',
  'smartphone',
  'smartphnoe',
  'headphones',
  'hedphones',
  'iphnoe',
  'laptop',
  'wireless mouse',
  'tent',
  'green tea',
  'coffee beans',
  'yoga mat',
  'dress',
  'jeans',
  'Handys',
  'Móviles',
  'الهواتف المحمولة',
  'Spielzeug',
  'Sunny',
  'Golden Field',
  'Orbit',
  'robot vacuum',
  'vacum',
  'air fryer',
  'trench caot',
  'black',
  'power bank',
  'building blocks',
  'campingplatz',
];
/** Suggestions are asked while typing: every prefix of two letters or more of the keywords. */
const PREFIXES = [
  ...new Set(KEYWORDS.flatMap((k) => Array.from({ length: k.length - 1 }, (_, n) => k.slice(0, n + 2)))),
];
// The list pages' categories and orders are the catalogue's own (shared/src/contracts/catalogue-constants.ts).
const { PRODUCT_CATEGORIES: CATEGORIES, PRODUCT_SORTS: SORTS } = await tsImport(
  '../shared/src/contracts/catalogue-constants.ts',
  import.meta.url,
);

/** Mulberry32: the same request sequence on every run. */
const seeded = (seed) => () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const random = seeded(28);
const pick = (list) => list[Math.floor(random() * list.length)];
/** A new letter case: a new cache key, the same query for the database (search ignores case). */
const anyCase = (text) => [...text].map((c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
const q = (params) => new URLSearchParams(params).toString();

const TARGETS = [
  {
    key: 'search',
    name: 'keyword search, page 1 (best match; every request new)',
    path: () => `/api/catalogue/products?${q({ keyword: anyCase(pick(KEYWORDS)), page: 1, pageSize: 20 })}`,
  },
  {
    key: 'search-sorted',
    name: 'keyword search sorted by price, page 2 (every request new)',
    path: () =>
      `/api/catalogue/products?${q({ keyword: anyCase(pick(KEYWORDS)), sort: pick(['priceAsc', 'priceDesc']), page: 2, pageSize: 20 })}`,
  },
  {
    key: 'suggest',
    name: 'suggestions while typing (every request new)',
    path: () => `/api/catalogue/suggestions?${q({ keyword: anyCase(pick(PREFIXES)) })}`,
  },
  {
    key: 'list',
    name: 'category list page, any sort, pages 1-10 (every request new)',
    // A lowest price of a few cents makes each request new without changing what is listed.
    path: (n) =>
      `/api/catalogue/products?${q({ category: pick(CATEGORIES), sort: pick(SORTS), page: 1 + Math.floor(random() * 10), pageSize: 20, minPrice: n % 100 })}`,
  },
  {
    key: 'home',
    name: "Home's hot products, pages 1-3 (as every shopper asks them)",
    path: () => `/api/catalogue/hot_products?${q({ page: 1 + Math.floor(random() * 3), pageSize: 20 })}`,
  },
];

/** Search at scale (docs/decisions/0006-search-at-scale.md) goals on PostgreSQL at the large size (p99 ms), and PGlite's for search. */
const goalOf = (engine, products, key) => {
  if (products < LARGE) return undefined;
  if (engine === 'postgres') return { search: 50, 'search-sorted': 50, suggest: 30, list: 30 }[key];
  return { search: 150, 'search-sorted': 150 }[key];
};

const once = (url, target, duration = DURATION_S) =>
  new Promise((resolve, reject) => {
    let n = 0;
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: target.path(n++) }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });

const measure = async (url, target) => {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const result = await once(url, target);
    rounds.push({
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors,
    });
  }
  rounds.sort((a, b) => a.rps - b.rps);
  return rounds[Math.floor((rounds.length - 1) / 2)];
};

/** One request of each target must answer code 1 (a search with products), or the figures mean nothing. */
const check = async (url) => {
  for (const target of TARGETS) {
    const body = await (await fetch(`${url}${target.path(0)}`)).json();
    if (body.code !== 1) throw new Error(`${target.key} did not answer: ${JSON.stringify(body).slice(0, 200)}`);
  }
  const found = await (await fetch(`${url}/api/catalogue/products?keyword=keybord`)).json();
  if (!(found.data?.total > 0)) throw new Error(`a typo found nothing: ${JSON.stringify(found).slice(0, 200)}`);
};

const rows = [];
const notes = [];
const run = async (engine, products) => {
  let database = null;
  let admin = null;
  const env = { SEED_PRODUCTS: String(products) };
  if (engine === 'postgres') {
    admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    database = `bench_search_${process.pid}_${products}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database}`;
    Object.assign(env, { DATABASE_URL: url.toString(), SEED_DEMO: '1' });
  }
  const started = Date.now();
  const server = await startServer({ env, timeoutMs: 40 * 60_000 });
  const seedS = Math.round((Date.now() - started) / 1000);
  console.log(`${engine}, ${products} products: started and seeded in ${seedS} s`);
  try {
    await check(server.url);
    // Steady state, as a running marketplace is, not the seconds after a bulk load: PostgreSQL writes the
    // seed's pages out now (else a checkpoint lands in the middle of a measurement), and every target runs
    // once unmeasured (pooled connections prepare their statements, the vocabulary's answers are kept).
    if (admin) {
      const bench = new Client({ connectionString: env.DATABASE_URL });
      await bench.connect();
      await bench.query('CHECKPOINT');
      await bench.end();
    }
    for (const target of TARGETS) await once(server.url, target, WARM_UP_S);
    for (const target of TARGETS) {
      const figures = await measure(server.url, target);
      const row = {
        name: `${target.name}, ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${products.toLocaleString('en')} products`,
        key: `${target.key}-${engine}-${products}`,
        target: target.key,
        engine,
        products,
        ...figures,
        goal: goalOf(engine, products, target.key),
        load: os.loadavg()[0],
      };
      rows.push(row);
      console.log(
        `  ${target.key}: ${row.rps} req/s, p99 ${row.p99} ms, non-2xx ${row.non2xx}, load ${row.load.toFixed(1)}`,
      );
    }
    rows.push({ name: `start with seed, ${engine}, ${products} products`, key: `seed-${engine}-${products}`, seedS });
  } finally {
    await server.stop();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
  }
};

for (const engine of engines) {
  for (const products of [640, LARGE]) {
    try {
      await run(engine, products);
    } catch (error) {
      notes.push(`${engine} with ${products} products not measured: ${error.message.split('\n')[0]}`);
      console.error(notes.at(-1));
    }
  }
}

const load = os.loadavg().map((n) => n.toFixed(2));
const measured = rows.filter((row) => row.target);
const table = [
  `Search at scale (${CONNECTIONS} connections, ${DURATION_S} s per target, median of ${ROUNDS} round(s); load average after: ${load.join(' ')}; ${os.cpus().length} cores shared with whatever else runs)`,
  '',
  '| Target | Engine | Products | requests/s | p99 ms | goal p99 ms | non-2xx/errors | load (1 min) |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...measured.map(
    (row) =>
      `| ${row.target} | ${row.engine} | ${row.products.toLocaleString('en')} | ${row.rps} | ${row.p99} | ${row.goal === undefined ? '' : `${row.goal} ${row.p99 <= row.goal ? '(met)' : '(missed)'}`} | ${row.non2xx} | ${row.load.toFixed(1)} |`,
  ),
  '',
  ...rows.filter((row) => row.seedS !== undefined).map((row) => `- ${row.name}: ${row.seedS} s`),
  ...notes.map((note) => `- ${note}`),
].join('\n');
console.log(table);
mkdirSync(path.join(root, 'var/bench'), { recursive: true });
writeFileSync(path.join(root, 'var/bench/search.md'), `${table}\n`);
writeFileSync(
  path.join(root, 'var/bench/search.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, rounds: ROUNDS, large: LARGE, load, rows, notes }, null, 2)}\n`,
);
process.exit(notes.length ? 1 : 0);
