// Release figures as a markdown table (also written to var/bench/release.md): how long `rollback` and
// `status` take end to end (the compiled CLI as `npm run release` runs it, median of 10 processes each,
// target <= 300 ms, docs/decisions/0003-independent-releases.md), when a rollback has switched the manifest, and what a shopper
// downloads on the next page load after one remote is rolled back (Chromium, 127.0.0.1).
// BENCH_RELEASE_LATENCY_ONLY=1: the command timings alone (no build, no browser).
// Field health (docs/decisions/0003-independent-releases.md): telemetry ingest rate and p99 (POST /api/telemetry, beacons of 20 events,
// 16 at a time) and what the reporter adds to the first load (its chunk loads after the first screen).
// BENCH_RELEASE_TELEMETRY_ONLY=1: those rows alone (a server, no browser).
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildAll, deployAll, isBuilt, root, startServer, tempDeployDir } from './app-server.mjs';
import { giveUpAfter } from './bench-lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TOTAL_TIMEOUT_MS = 10 * 60_000;
const RUNS = 10;
const REMOTE = 'mfe-wallet';
const V1 = '1.0.0-bench.1';
const V2 = '1.0.0-bench.2';
/** The compiled CLI, exactly as `npm run release` starts it (release/package.json "cli"). */
const cliFile = path.join(root, 'release/bin/release.mjs');
const LATENCY_ONLY = process.env.BENCH_RELEASE_LATENCY_ONLY === '1';
const TARGET_MS = 300;
const run = promisify(execFile);

giveUpAfter('bench-release', TOTAL_TIMEOUT_MS);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const releaseEnv = (deployDir, extra = {}) => ({ ...process.env, DEPLOY_DIR: deployDir, ...extra });
const release = (deployDir, args, extra) =>
  run(process.execPath, [cliFile, ...args], { cwd: root, env: releaseEnv(deployDir, extra) });

const liveVersion = (deployDir) => {
  try {
    return JSON.parse(readFileSync(path.join(deployDir, 'manifest.json'), 'utf8')).remotes[REMOTE]?.version;
  } catch {
    return undefined;
  }
};

/** Runs `rollback` as a release manager would and times it until the manifest shows the old version. */
const timeRollback = async (deployDir) => {
  const started = performance.now();
  const child = spawn(process.execPath, [cliFile, 'rollback', REMOTE], {
    cwd: root,
    env: releaseEnv(deployDir),
    stdio: 'ignore',
  });
  const exited = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`rollback exited with ${code}`))));
  });
  let switchedMs = null;
  while (switchedMs === null) {
    if (liveVersion(deployDir) === V1) switchedMs = performance.now() - started;
    else await sleep(1);
  }
  await exited;
  return { switchedMs, processMs: performance.now() - started };
};

/** One whole process, start to exit (ms). */
const timeProcess = async (args, env) => {
  const started = performance.now();
  await run(process.execPath, args, { cwd: root, env });
  return performance.now() - started;
};

/**
 * The remote's build files a version needs to pass the contract check, without a real build: the
 * shell's and the remote's records are the real shared report (shared/api-report/contract.json).
 */
const writeSyntheticBuilds = (repoDir, shellDir) => {
  const report = JSON.parse(readFileSync(path.join(root, 'shared/api-report/contract.json'), 'utf8'));
  const record = (name, version) =>
    JSON.stringify({
      app: { name, version },
      shared: { name: report.package, version: report.version, digest: report.digest, entryPoints: report.entryPoints },
      singletons: { react: '19.3.1' },
    });
  const shared = [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }];
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(path.join(shellDir, 'mf-manifest.json'), JSON.stringify({ name: 'shell', shared }));
  writeFileSync(path.join(shellDir, 'shared-contract.json'), record('shell', '1.0.0'));
  for (const version of [V1, V2]) {
    const dir = path.join(repoDir, REMOTE, 'dist', version);
    mkdirSync(dir, { recursive: true });
    const manifest = {
      name: 'mfe_wallet',
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      exposes: [{ path: './screens' }],
      shared,
    };
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(dir, 'remoteEntry.js'), `var v = ${JSON.stringify(version)};`);
    writeFileSync(
      path.join(dir, 'routes.json'),
      JSON.stringify([{ path: '/topUp', titleKey: 'wallet:title.topUp', public: false, keepAlive: false }]),
    );
    writeFileSync(path.join(dir, 'shared-contract.json'), record('mfe_wallet', version));
  }
};

/**
 * `rollback` and `status` end to end: whole processes of the compiled CLI against a store holding two
 * wallet versions, with `node -e 0` (a process doing nothing) and `npm run release -- status` beside them.
 */
const measureLatency = async () => {
  const deployDir = tempDeployDir();
  const repoDir = mkdtempSync(path.join(tmpdir(), 'bench-release-latency-'));
  const shellDir = path.join(repoDir, 'shell', 'dist');
  const env = releaseEnv(deployDir, { RELEASE_REPO_DIR: repoDir, SHELL_DIR: shellDir });
  try {
    writeSyntheticBuilds(repoDir, shellDir);
    for (const version of [V1, V2]) {
      await run(process.execPath, [cliFile, 'deploy', REMOTE, '--version', version], { cwd: root, env });
      await run(process.execPath, [cliFile, 'promote', REMOTE, version], { cwd: root, env });
    }
    const rollbackMs = [];
    const statusMs = [];
    const nodeMs = [];
    const npmMs = [];
    for (let i = 0; i < RUNS; i += 1) {
      nodeMs.push(await timeProcess(['-e', '0'], env));
      rollbackMs.push(await timeProcess([cliFile, 'rollback', REMOTE], env));
      await run(process.execPath, [cliFile, 'promote', REMOTE, V2], { cwd: root, env });
      statusMs.push(await timeProcess([cliFile, 'status'], env));
    }
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      await run('npm', ['run', '--silent', 'release', '--', 'status'], { cwd: root, env });
      npmMs.push(performance.now() - started);
    }
    return { rollbackMs, statusMs, nodeMs, npmMs };
  } finally {
    rmSync(deployDir, { recursive: true, force: true });
    rmSync(repoDir, { recursive: true, force: true });
  }
};

/** Two deployable versions of the wallet (copies of its current build) in a throwaway checkout. */
const prepareBuilds = () => {
  const repoDir = mkdtempSync(path.join(tmpdir(), 'bench-release-repo-'));
  const { version } = JSON.parse(readFileSync(path.join(root, REMOTE, 'package.json'), 'utf8'));
  for (const target of [V1, V2]) {
    cpSync(path.join(root, REMOTE, 'dist', version), path.join(repoDir, REMOTE, 'dist', target), { recursive: true });
  }
  writeFileSync(path.join(repoDir, REMOTE, 'package.json'), JSON.stringify({ version: V1 }));
  return repoDir;
};

/** Network bytes per response of one page, from Chromium's own accounting (0 for cache hits). */
const trackBytes = async (page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  let responses = [];
  cdp.on('Network.responseReceived', ({ requestId, response }) => urls.set(requestId, response));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = urls.get(requestId);
    if (response) responses.push({ url: response.url, bytes: encodedDataLength, cached: response.fromDiskCache });
  });
  return {
    take: () => {
      const taken = responses;
      responses = [];
      return taken;
    },
  };
};

const measureShopperBytes = async (baseURL, deployDir) => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, baseURL });
    page.setDefaultTimeout(90_000);
    const bytes = await trackBytes(page);
    await page.goto('/');
    await page.getByText("I'm not a robot", { exact: true }).click();
    await page.getByRole('heading', { name: 'Please verify you are human' }).waitFor({ state: 'hidden' });
    await page.goto('/login');
    await page.getByLabel('Account', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Login Success', { exact: true }).waitFor();
    await page.goto('/topUp');
    await page.waitForLoadState('networkidle');
    const before = bytes.take();
    const walletBefore = before.filter((r) => r.url.includes(`/mfe/${REMOTE}/${V2}/`));
    if (walletBefore.length === 0) throw new Error(`the page did not load ${REMOTE} ${V2}`);

    await release(deployDir, ['rollback', REMOTE]);
    await page.reload();
    await page.waitForLoadState('networkidle');
    const after = bytes.take();
    const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
    const walletV1 = after.filter((r) => r.url.includes(`/mfe/${REMOTE}/${V1}/`));
    return {
      firstVisit: sum(before),
      walletV2: sum(walletBefore),
      afterTotal: sum(after),
      afterRequests: after.filter((r) => r.bytes > 0).length,
      walletV1: sum(walletV1),
      v2RequestedAfter: after.filter((r) => r.url.includes(`/mfe/${REMOTE}/${V2}/`)).length,
      otherRemotesAfter: sum(after.filter((r) => r.url.includes('/mfe/mfe-') && !r.url.includes(`/mfe/${REMOTE}/`))),
    };
  } finally {
    await browser.close();
  }
};

const loadBefore = loadavg()[0];
const latency = await measureLatency();
const loadAfter = loadavg()[0];
const within = (values) => median(values) <= TARGET_MS;
const spread = (values) =>
  `${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;
const latencyRows = [
  [
    `release rollback ${REMOTE}: whole process (median of ${RUNS})`,
    `${spread(latency.rollbackMs)} ${within(latency.rollbackMs) ? '<=' : '>'} ${TARGET_MS} ms`,
  ],
  [
    `release status: whole process (median of ${RUNS})`,
    `${spread(latency.statusMs)} ${within(latency.statusMs) ? '<=' : '>'} ${TARGET_MS} ms`,
  ],
  [`node -e 0: a process doing nothing, same moments (median of ${RUNS})`, spread(latency.nodeMs)],
  ['npm run release -- status (npm itself included, median of 3)', spread(latency.npmMs)],
  [
    'Machine load (1-minute load average, 2 cores) before / after',
    `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}${Math.max(loadBefore, loadAfter) > 2 ? ' (busy: other work shares the cores)' : ''}`,
  ],
];
const latencyText = [
  `Latency: the compiled CLI (\`node release/bin/release.mjs\`, what \`npm run release\` runs) against a temp store holding two wallet versions (synthetic builds carrying the real shared contract record), each figure a whole process from spawn to exit.`,
  '',
  '| Metric | Value |',
  '| --- | --- |',
  ...latencyRows.map(([metric, value]) => `| ${metric} | ${value} |`),
  '',
].join('\n');
/** Beacons as the shell's reporter sends them: 20 events (sessions, an error, Web Vitals) of the live catalogue. */
const telemetryBeacon = (deployDir, n) => {
  const version = JSON.parse(readFileSync(path.join(deployDir, 'manifest.json'), 'utf8')).remotes['mfe-catalogue']
    .version;
  const events = Array.from({ length: 20 }, (_, i) =>
    i % 4 === 0
      ? {
          kind: ['LCP', 'INP', 'CLS'][(n + i) % 3],
          remote: 'mfe-catalogue',
          version,
          route: '/home',
          value: (n * 37 + i) % 3000,
        }
      : { kind: i % 7 === 0 ? 'error' : 'session', remote: 'mfe-catalogue', version, route: '/detail/:id' },
  );
  return JSON.stringify({ events });
};

/** POST /api/telemetry for TELEMETRY_SECONDS with 16 beacons in flight: accepted beacons per second and latency. */
const measureTelemetryIngest = async (baseUrl, deployDir) => {
  const seconds = Number(process.env.TELEMETRY_SECONDS) || 5;
  const latencies = [];
  const statuses = new Map();
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const body = telemetryBeacon(deployDir, n++);
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 16 }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    perSecond: (statuses.get(204) ?? 0) / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    statuses: [...statuses].map(([status, count]) => `${status}: ${count}`).join(', '),
  };
};

/** The reporter's chunk (shell/dist/telemetry.*.js) gzip size, and whether the first load (index.html) names it. */
const telemetryFirstLoad = () => {
  const dist = path.join(root, 'shell/dist');
  const chunk = readdirSync(dist).find((file) => /^telemetry\.[0-9a-f]+\.js$/.test(file));
  if (!chunk) return { chunk: null, gzip: 0, inFirstLoad: false };
  const gzip =
    statSync(path.join(dist, `${chunk}.gz`), { throwIfNoEntry: false })?.size ??
    gzipSync(readFileSync(path.join(dist, chunk))).length;
  return { chunk, gzip, inFirstLoad: readFileSync(path.join(dist, 'index.html'), 'utf8').includes(chunk) };
};

const telemetryRows = (ingest) => {
  const firstLoad = telemetryFirstLoad();
  return [
    [
      'Telemetry ingest: accepted beacons per second (20 events each, 16 in flight)',
      `${ingest.perSecond.toFixed(0)} /s (${(ingest.perSecond * 20).toFixed(0)} events/s; replies ${ingest.statuses})`,
    ],
    ['Telemetry ingest: latency p50 / p99', `${ingest.p50.toFixed(1)} ms / ${ingest.p99.toFixed(1)} ms`],
    [
      'Field-health reporter: its chunk, loaded after the first screen (gzip; target <= 3 KB)',
      firstLoad.chunk
        ? `${(firstLoad.gzip / 1024).toFixed(2)} KB ${firstLoad.gzip <= 3072 ? '<=' : '>'} 3 KB (${firstLoad.chunk})`
        : 'no telemetry chunk in shell/dist',
    ],
    [
      'Field-health reporter: bytes of it in the first load (index.html names the chunk?)',
      firstLoad.inFirstLoad ? 'named: in the first load' : '0 (not named)',
    ],
  ];
};

if (process.env.BENCH_RELEASE_TELEMETRY_ONLY === '1') {
  const deployDir = tempDeployDir();
  try {
    await deployAll(deployDir);
    const server = await startServer({ deployDir, env: { TELEMETRY_RATE_LIMIT_MAX: '100000000' } });
    let ingest;
    try {
      ingest = await measureTelemetryIngest(server.url, deployDir);
    } finally {
      await server.stop();
    }
    const report = [
      `# Release bench: field health (${new Date().toISOString()})`,
      '',
      '| Metric | Value |',
      '| --- | --- |',
      ...telemetryRows(ingest).map(([metric, value]) => `| ${metric} | ${value} |`),
      '',
    ].join('\n');
    console.log(report);
  } finally {
    rmSync(deployDir, { recursive: true, force: true });
  }
  process.exit(0);
}

if (LATENCY_ONLY) {
  const report = [`# Release bench (${new Date().toISOString()})`, '', latencyText].join('\n');
  mkdirSync(path.join(root, 'var/bench'), { recursive: true });
  writeFileSync(path.join(root, 'var/bench/release.md'), report);
  console.log(report);
  process.exit(0);
}

if (!isBuilt()) await buildAll();
const deployDir = tempDeployDir();
const repoDir = prepareBuilds();
let timings;
let shopper;
let ingest;
try {
  await deployAll(deployDir);
  for (const version of [V1, V2]) {
    await release(deployDir, ['deploy', REMOTE, '--version', version], { RELEASE_REPO_DIR: repoDir });
    await release(deployDir, ['promote', REMOTE, version]);
  }
  timings = [];
  for (let i = 0; i < RUNS; i += 1) {
    timings.push(await timeRollback(deployDir));
    await release(deployDir, ['promote', REMOTE, V2]);
  }
  const server = await startServer({ deployDir, env: { TELEMETRY_RATE_LIMIT_MAX: '100000000' } });
  try {
    shopper = await measureShopperBytes(server.url, deployDir);
    ingest = await measureTelemetryIngest(server.url, deployDir);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(deployDir, { recursive: true, force: true });
  rmSync(repoDir, { recursive: true, force: true });
}

const rows = [
  [
    `Rollback: command start to manifest switched (median of ${RUNS})`,
    `${median(timings.map((t) => t.switchedMs)).toFixed(0)} ms (min ${Math.min(...timings.map((t) => t.switchedMs)).toFixed(0)}, max ${Math.max(...timings.map((t) => t.switchedMs)).toFixed(0)})`,
  ],
  [`Rollback: whole CLI process (median of ${RUNS})`, `${median(timings.map((t) => t.processMs)).toFixed(0)} ms`],
  ['Shopper: first visit to /topUp with wallet on the new version', kb(shopper.firstVisit)],
  ['Shopper: of which the new wallet version', kb(shopper.walletV2)],
  [
    'Shopper: bytes on the reload after a wallet rollback',
    `${kb(shopper.afterTotal)} in ${shopper.afterRequests} responses`,
  ],
  ['Shopper: of which the rolled-back wallet version', kb(shopper.walletV1)],
  ['Shopper: other remotes re-downloaded after the rollback', kb(shopper.otherRemotesAfter)],
  ['Shopper: files of the withdrawn version requested after the rollback', String(shopper.v2RequestedAfter)],
  ...telemetryRows(ingest),
];

const report = [
  `# Release bench (${new Date().toISOString()})`,
  '',
  latencyText,
  `Rollback switch: the same CLI against a temp store holding two wallet versions (copies of the real build); "switched" is when \`manifest.json\` first shows the old version (polled every ms). Shopper: Chromium, 390x844, signed in as the demo shopper on /topUp with the newer wallet, then rollback and reload; bytes are Chromium's encoded transfer sizes (cache hits count 0). Both wallet versions are copies of the current build.`,
  '',
  '| Metric | Value |',
  '| --- | --- |',
  ...rows.map(([metric, value]) => `| ${metric} | ${value} |`),
  '',
].join('\n');

const benchDir = path.join(root, 'var/bench');
mkdirSync(benchDir, { recursive: true });
writeFileSync(path.join(benchDir, 'release.md'), report);
console.log(report);
console.log(`written to ${path.relative(root, path.join(benchDir, 'release.md'))}`);
