// Release figures as a markdown table (also written to var/bench/release.md): how long `rollback`
// takes from command start to the manifest switched (median of 10 real CLI runs), and what a
// shopper downloads on the next page load after one remote is rolled back (Chromium, 127.0.0.1).
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { buildAll, deployAll, isBuilt, root, startServer, tempDeployDir } from './app-server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TOTAL_TIMEOUT_MS = 10 * 60_000;
const RUNS = 10;
const REMOTE = 'mfe-wallet';
const V1 = '1.0.0-bench.1';
const V2 = '1.0.0-bench.2';
const tsxCli = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const cliFile = path.join(root, 'release/src/cli.ts');
const run = promisify(execFile);

const watchdog = setTimeout(() => {
  console.error(`bench-release: gave up after ${TOTAL_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
watchdog.unref();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const releaseEnv = (deployDir, extra = {}) => ({ ...process.env, DEPLOY_DIR: deployDir, ...extra });
const release = (deployDir, args, extra) =>
  run(process.execPath, [tsxCli, cliFile, ...args], { cwd: root, env: releaseEnv(deployDir, extra) });

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
  const child = spawn(process.execPath, [tsxCli, cliFile, 'rollback', REMOTE], {
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

if (!isBuilt()) await buildAll();
const deployDir = tempDeployDir();
const repoDir = prepareBuilds();
let timings;
let shopper;
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
  const server = await startServer({ deployDir });
  try {
    shopper = await measureShopperBytes(server.url, deployDir);
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
];

const report = [
  `# Release bench (${new Date().toISOString()})`,
  '',
  `Rollback: the real CLI (\`npm run release -- rollback ${REMOTE}\` via tsx) against a temp store holding two wallet versions; "switched" is when \`manifest.json\` first shows the old version (polled every ms). Shopper: Chromium, 390x844, signed in as the demo shopper on /topUp with the newer wallet, then rollback and reload; bytes are Chromium's encoded transfer sizes (cache hits count 0). Both wallet versions are copies of the current build.`,
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
