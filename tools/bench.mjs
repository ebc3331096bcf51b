// Performance figures as a markdown table (also written to var/bench/report.md): first-load JS of
// /home measured in Chromium, each remote's remoteEntry.js, build seconds per app, React copies.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { APPS, buildAll, deployAll, isBuilt, root, startServer, tempDeployDir } from './app-server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TOTAL_TIMEOUT_MS = 20 * 60_000;
const PAGE_TIMEOUT_MS = 90_000;
const REMOTES = APPS.filter((app) => app.startsWith('mfe-'));
const benchDir = path.join(root, 'var/bench');
const buildTimesFile = path.join(benchDir, 'build-times.json');

// The bench never outlives its budget, whatever hangs.
const watchdog = setTimeout(() => {
  console.error(`bench: gave up after ${TOTAL_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
watchdog.unref();

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (buffer) => gzipSync(buffer).length;

/** Builds when asked (`--rebuild`), when a build is missing, or when no build times were recorded. */
const ensureBuild = async () => {
  if (process.argv.includes('--rebuild') || !isBuilt() || !existsSync(buildTimesFile)) await buildAll();
  return JSON.parse(readFileSync(buildTimesFile, 'utf8'));
};

/** The remote's remoteEntry.js for its package.json version, else the newest version folder that has one. */
const remoteEntryFile = (remote) => {
  const dist = path.join(root, remote, 'dist');
  const { version } = JSON.parse(readFileSync(path.join(root, remote, 'package.json'), 'utf8'));
  const preferred = path.join(dist, version, 'remoteEntry.js');
  if (existsSync(preferred)) return preferred;
  const candidates = existsSync(dist)
    ? readdirSync(dist)
        .map((folder) => path.join(dist, folder, 'remoteEntry.js'))
        .filter((file) => existsSync(file))
    : [];
  return candidates.sort().at(-1) ?? null;
};

/** Loads /home like a first-time shopper, passes the human check, sums every script body. */
const measureFirstLoad = async (baseURL) => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    const bodies = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.status() === 200) {
        bodies.push(response.body().catch(() => Buffer.alloc(0)));
      }
    });
    const started = Date.now();
    await page.goto(`${baseURL}/home`);
    const heading = page.getByRole('heading', { name: 'Please verify you are human' });
    await heading.waitFor();
    const interstitialMs = Date.now() - started;
    await page.getByText("I'm not a robot", { exact: true }).click();
    await heading.waitFor({ state: 'hidden' });
    const verifiedAt = Date.now();
    await page.getByRole('heading', { name: 'Shop by category' }).waitFor();
    const homeMs = Date.now() - verifiedAt;
    await page.waitForLoadState('networkidle');
    const buffers = await Promise.all(bodies);
    const reactCopies = await page.evaluate(() => {
      const copies = globalThis.__MARKETPLACE__?.reactCopies ?? [];
      return { registrations: copies.length, distinct: new Set(copies.map((copy) => copy.react.useState)).size };
    });
    return {
      scripts: buffers.length,
      raw: buffers.reduce((sum, buffer) => sum + buffer.length, 0),
      gzip: buffers.reduce((sum, buffer) => sum + gzipSize(buffer), 0),
      interstitialMs,
      homeMs,
      reactCopies,
    };
  } finally {
    await browser.close();
  }
};

const buildTimes = await ensureBuild();
const deployDir = tempDeployDir();
let firstLoad;
try {
  await deployAll(deployDir);
  const server = await startServer({ deployDir });
  try {
    firstLoad = await measureFirstLoad(server.url);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(deployDir, { recursive: true, force: true });
}

const rows = [
  ['First-load JS for /home (raw)', `${kb(firstLoad.raw)} in ${firstLoad.scripts} scripts`],
  ['First-load JS for /home (gzip)', kb(firstLoad.gzip)],
  ['Human-verification screen shown after', `${firstLoad.interstitialMs} ms`],
  ['Home content shown after verification', `${firstLoad.homeMs} ms`],
  [
    'React copies loaded (distinct / registrations)',
    `${firstLoad.reactCopies.distinct} / ${firstLoad.reactCopies.registrations}`,
  ],
  ...REMOTES.map((remote) => {
    const file = remoteEntryFile(remote);
    if (!file) return [`${remote} remoteEntry.js`, 'missing'];
    const buffer = readFileSync(file);
    return [`${remote} remoteEntry.js (raw / gzip)`, `${kb(buffer.length)} / ${kb(gzipSize(buffer))}`];
  }),
  ...APPS.map((app) => {
    const entry = buildTimes.apps?.[app];
    return [`Build ${app}`, entry ? `${entry.seconds.toFixed(2)} s${entry.ok ? '' : ' (failed)'}` : 'not recorded'];
  }),
  ['Build all (parallel)', `${Number(buildTimes.totalSeconds).toFixed(2)} s, ${buildTimes.parallel} at a time`],
];

const report = [
  `# Bench (${new Date().toISOString()})`,
  '',
  'First load: Chromium, 390x844, cold cache, `/home` until network idle after passing human verification; gzip sizes use zlib defaults on each body. Build times from `var/bench/build-times.json` (written by `npm run build`, built at ' +
    `${buildTimes.builtAt}).`,
  '',
  '| Metric | Value |',
  '| --- | --- |',
  ...rows.map(([metric, value]) => `| ${metric} | ${value} |`),
  '',
].join('\n');

mkdirSync(benchDir, { recursive: true });
writeFileSync(path.join(benchDir, 'report.md'), report);
console.log(report);
console.log(`written to ${path.relative(root, path.join(benchDir, 'report.md'))}`);
