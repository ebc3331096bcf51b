// The one table of `npm run bench` (docs/decisions/0008-first-load-budget.md): every figure the benches before it wrote to
// var/bench/*.json, side by side with its target, and the previous run's value, so the next change can
// be compared in one run. Reads first-load.json (tools/bench.mjs: first-load JS and axe),
// lighthouse.json (bench-lighthouse), catalogue.json (bench-catalogue: bare Fastify, trivial route,
// search), search.json (bench-search: search, suggestions, list pages and Home at 640 and 100,000 products), pay.json (bench-pay) and bench-scale.json (bench-scale: 3 API processes, kills, money invariants);
// a missing file shows as "not measured". Prints the table and
// writes var/bench/summary.md and summary.json (the next run's "previous" column).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'var/bench');

const readJson = (name) => {
  const file = path.join(benchDir, name);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const firstLoad = readJson('first-load.json');
const lighthouse = readJson('lighthouse.json');
const inp = readJson('inp.json');
const catalogue = readJson('catalogue.json');
const pay = readJson('pay.json');
const scale = readJson('bench-scale.json');
const cluster = readJson('cluster.json');
const search = readJson('search.json');
const previous = readJson('summary.json');

/** @typedef {{ group: string, figure: string, value: number | string | null, unit: string, target?: string, met?: boolean | null }} Row */
/** @type {Row[]} */
const rows = [];
/**
 * @param {string} group
 * @param {string} figure
 * @param {number | null | undefined} value
 * @param {string} unit
 * @param {{ max?: number, min?: number }} [target]
 */
const add = (group, figure, value, unit, target = {}) => {
  const known = typeof value === 'number' && Number.isFinite(value);
  let text;
  let met = null;
  if (target.max !== undefined) {
    text = `≤ ${target.max}${unit === '%' ? ' %' : unit ? ` ${unit}` : ''}`;
    met = known ? value <= target.max : null;
  } else if (target.min !== undefined) {
    text = `≥ ${target.min}${unit === '%' ? ' %' : unit ? ` ${unit}` : ''}`;
    met = known ? value >= target.min : null;
  }
  rows.push({ group, figure, value: known ? value : null, unit, target: text, met });
};

// First load and accessibility (tools/bench.mjs).
const kb = (bytes) => (typeof bytes === 'number' ? Number((bytes / 1024).toFixed(1)) : null);
add('first load', '/home JS before interactive, verified shopper (gzip)', kb(firstLoad?.home?.gzip), 'KB', {
  max: firstLoad?.budgetKb ?? 170,
});
add(
  'first load',
  '/home floor: the stack alone, shared libraries tree-shaken + MF runtime files, no app code (gzip)',
  kb(firstLoad?.floor?.gzip),
  'KB',
);
add('first load', '/home JS, first visit incl. human check (gzip)', kb(firstLoad?.firstVisit?.gzip), 'KB');
add('first load', '/detail JS, verified shopper (gzip)', kb(firstLoad?.detail?.gzip), 'KB');
add('first load', '/home scripts requested (verified)', firstLoad?.home?.scripts, '');
for (const [page, figures] of [
  ['/home', firstLoad?.home],
  ['/detail', firstLoad?.detail],
]) {
  const axe = figures?.axe;
  add('accessibility', `axe ${page}: serious + critical`, axe ? axe.serious + axe.critical : null, '', { max: 0 });
  add('accessibility', `axe ${page}: moderate + minor`, axe ? axe.moderate + axe.minor : null, '');
}

// Lighthouse (bench-lighthouse): each page and run kind, against the reference page measured in the same run
// (docs/decisions/0010-lighthouse-against-a-reference.md): a figure from one machine does not carry to another.
for (const row of [...(lighthouse?.rows ?? []), ...(lighthouse?.workerRows ?? [])]) {
  const page = row.name.startsWith('/detail') ? '/detail' : row.name;
  const label = `${page} ${row.kind} (median of ${lighthouse.runs ?? 1}, benchmarkIndex ${Math.round(row.benchmarkIndex ?? 0)})`;
  add('lighthouse', `${label}: score`, row.score, '');
  add('lighthouse', `${label}: LCP`, Math.round(row.lcp), 'ms', { max: 2000 });
  add('lighthouse', `${label}: TBT`, Math.round(row.tbt), 'ms');
  add('lighthouse', `${label}: CLS`, Number(row.cls.toFixed(3)), '', { max: 0.02 });
  const reference = row.reference;
  if (!reference) continue;
  add('lighthouse', `${label}: score − reference's`, row.score - reference.score, '', { min: -3 });
  add('lighthouse', `${label}: TBT − reference's`, Math.round(row.tbt - reference.tbt), 'ms', { max: 50 });
  add(
    'lighthouse',
    `${label}: main-thread work ÷ reference's`,
    reference.mainThread > 0 ? Number((row.mainThread / reference.mainThread).toFixed(2)) : null,
    '×',
    { max: 1.3 },
  );
}

// Interaction latency (bench-inp): web-vitals INP of each interaction at a 4x CPU slowdown.
for (const row of inp?.rows ?? []) {
  add(
    'interaction',
    `INP: ${row.name} (median of ${inp.runs})`,
    row.median === null ? null : Math.round(row.median),
    'ms',
    {
      max: 200,
    },
  );
}

// Server (bench-catalogue): requests/s, p99 and the ratio to bare Fastify measured in the same run.
const serverRows = catalogue?.rows ?? [];
const bare = serverRows.find((row) => row.key === 'bare');
// "search-distinct-*" (every request a new query: the database path, no cache hit) is held to the
// same targets as the repeated search mix.
const SERVER_TARGETS = {
  'trivial-postgres': { ratio: 50, p99: 50 },
  'search-postgres': { ratio: 30, p99: 50 },
  'search-distinct-postgres': { ratio: 30, p99: 50 },
  'search-pglite': { p99: 100 },
  'search-distinct-pglite': { p99: 100 },
};
for (const row of serverRows) {
  const target = SERVER_TARGETS[row.key] ?? {};
  add('server', `${row.name}: requests/s`, row.rps, 'req/s');
  add('server', `${row.name}: p99`, row.p99, 'ms', target.p99 !== undefined ? { max: target.p99 } : {});
  if (row.key !== 'bare' && (typeof row.ratio === 'number' || bare?.rps)) {
    // The bench's own ratio when it gives one (each target against a bare run made right before it).
    const ratio = typeof row.ratio === 'number' ? row.ratio : Number(((row.rps / bare.rps) * 100).toFixed(1));
    add('server', `${row.name}: vs bare Fastify`, ratio, '%', target.ratio !== undefined ? { min: target.ratio } : {});
  }
}

// Pay (bench-pay): requests/s against the argon2id limit of this machine, p99, invariant.
const paramsText = (params) =>
  params && typeof params === 'object'
    ? `m=${params.memoryCost} KiB, t=${params.timeCost}, p=${params.parallelism}`
    : (params ?? 'configured parameters');
if (pay?.argon2) {
  add('pay', `argon2id verify (${paramsText(pay.argon2.params)})`, pay.argon2.verifyMs, 'ms');
  add('pay', `argon2id limit on this machine (${pay.argon2.cores ?? '?'} cores)`, pay.argon2.limitPerS, 'verify/s');
}
for (const row of pay?.rows ?? []) {
  const postgres = row.key === 'pay-postgres';
  // Each row's own limit, measured right before it when the bench did so (the machine is shared).
  const limit = row.argon2?.limitPerS ?? pay?.argon2?.limitPerS;
  add('pay', `${row.name}: requests/s`, row.rps, 'req/s');
  if (typeof row.paidPerS === 'number')
    add('pay', `${row.name}: paid orders/s (one argon2id check each)`, row.paidPerS, 'pay/s');
  add('pay', `${row.name}: p99`, row.p99, 'ms', postgres ? { max: 150 } : {});
  if (limit) {
    const ratio = typeof row.ofLimit === 'number' ? row.ofLimit : Number(((row.rps / limit) * 100).toFixed(1));
    add(
      'pay',
      `${row.name}: paid/s vs argon2id limit (${Math.round(limit)}/s)`,
      ratio,
      '%',
      postgres ? { min: 80 } : {},
    );
  }
  rows.push({
    group: 'pay',
    figure: `${row.name}: money invariant (balances = ledger, each order charged once)`,
    value: row.invariant ?? null,
    unit: '',
    target: 'holds',
    met: row.invariant === undefined ? null : row.invariant === 'holds',
  });
}

// Search at scale (bench-search, docs/decisions/0006-search-at-scale.md): each target at the demo size and the large one, side by side.
for (const row of (search?.rows ?? []).filter((r) => r.target)) {
  const label = `${row.name}`;
  add('search', `${label}: requests/s`, row.rps, 'req/s');
  add('search', `${label}: p99`, row.p99, 'ms', row.goal !== undefined ? { max: row.goal } : {});
}
for (const row of (search?.rows ?? []).filter((r) => r.seedS !== undefined)) add('search', row.name, row.seedS, 's');

// Cluster (bench-cluster): catalogue reads with 1 and with 2 API processes, the load generator on the same cores.
for (const row of cluster?.rows ?? []) add('cluster', row.name, row.rps, 'req/s');
add('cluster', 'shopper path (Home, category lists, product pages): 2 processes / 1', cluster?.ratio?.path, '×', {
  min: 1.4,
});
add('cluster', 'shopper path: lowest round of 2 processes / 1', cluster?.minRatio?.path, '×', { min: 1.4 });
add('cluster', 'catalogue searches (shared answers): 2 processes / 1', cluster?.ratio?.shared, '×', { min: 1.4 });
// Every request a new database query: PostgreSQL takes about half of the 2 cores, so a second API process adds little.
add('cluster', 'catalogue searches, no two alike (database): 2 processes / 1', cluster?.ratio?.distinct, '×');

// Scale (bench-scale): random money operations over 3 API processes while they are killed in turn.
const scaleOps = scale?.operations;
add('scale', 'money operations attempted (3 API processes, one killed every 3-5 s)', scaleOps?.attempted, '', {
  min: scale?.target ?? 10_000,
});
add('scale', 'operations acknowledged (answered)', scaleOps?.acknowledged, '');
add('scale', 'operations refused by rule', scaleOps?.refusedByRule, '');
add('scale', 'operations not acknowledged (connection failures on every try)', scaleOps?.notAcknowledged, '');
add('scale', 'requests failed at the connection level (killed process)', scale?.requests?.connectionFailures, '');
add('scale', 'API processes killed (SIGKILL)', scale?.kills, '');
add('scale', '5xx or "system is busy" answers', scale?.requests?.serverErrors, '', { max: 0 });
add('scale', 'operator calls with the right credential refused (429)', scale?.requests?.operatorRefused, '', {
  max: 0,
});
add('scale', 'operations phase', scale?.durationS, 's');
rows.push({
  group: 'scale',
  figure:
    'invariants (balances = ledger, none negative, acknowledged effects present, nothing applied twice, uploads shared)',
  value: scale?.invariant ?? null,
  unit: '',
  target: 'holds',
  met: scale?.invariant === undefined ? null : scale.invariant === 'holds',
});

const previousValue = (row) =>
  previous?.rows?.find((old) => old.group === row.group && old.figure === row.figure)?.value ?? null;
const show = (value, unit) =>
  value === null ? 'not measured' : `${value}${unit === '%' ? ' %' : unit && unit !== 'verify/s' ? ` ${unit}` : ''}`;
const sources = [
  ['first-load.json', firstLoad],
  ['lighthouse.json', lighthouse],
  ['inp.json', inp],
  ['catalogue.json', catalogue],
  ['search.json', search],
  ['pay.json', pay],
  ['bench-scale.json', scale],
]
  .map(([name, data]) => `${name}: ${data?.measuredAt ?? (data ? 'present' : 'missing')}`)
  .join('; ');

const table = [
  `# Bench summary (${new Date().toISOString()})`,
  '',
  `Sources (var/bench): ${sources}. "previous" is the last summary written here (${previous?.writtenAt ?? 'none'}).`,
  '',
  '| Group | Figure | Value | Target | Met | Previous |',
  '| --- | --- | ---: | --- | --- | ---: |',
  ...rows.map((row) => {
    const before = previousValue(row);
    return `| ${row.group} | ${row.figure} | ${show(row.value, row.unit)} | ${row.target ?? ''} | ${row.met === null ? '' : row.met ? 'yes' : 'NO'} | ${before === null ? '' : show(before, row.unit)} |`;
  }),
  '',
].join('\n');

console.log(table);
mkdirSync(benchDir, { recursive: true });
writeFileSync(path.join(benchDir, 'summary.md'), table);
writeFileSync(
  path.join(benchDir, 'summary.json'),
  `${JSON.stringify({ writtenAt: new Date().toISOString(), rows }, null, 2)}\n`,
);
console.log(`written to ${path.relative(root, path.join(benchDir, 'summary.md'))}`);
