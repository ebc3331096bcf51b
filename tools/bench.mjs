// Performance figures as a markdown table (also written to var/bench/report.md, and for the combined
// table var/bench/first-load.json): first-load JS of /home measured in Chromium for a first visit
// (human check included) and for a verified shopper (the budget: shell + shared singletons + MF
// runtime + the catalogue's home code), axe-core counts on /home and /detail, each remote's
// remoteEntry.js, build seconds per app, React copies.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { APPS, buildAll, deployAll, isBuilt, root, startServer, tempDeployDir } from './app-server.mjs';
import { libraryFloor } from './first-load-floor.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The first-load budget (docs/decisions/0008-first-load-budget.md): gzipped JavaScript /home may load before it is interactive. */
export const FIRST_LOAD_BUDGET_KB = 170;
const VERIFICATION_STORAGE_KEY = 'humanVerification';
const AXE_SOURCE = readFileSync(
  createRequire(path.join(root, 'e2e/package.json')).resolve('axe-core/axe.min.js'),
  'utf8',
);
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

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

/** Collects the body of every script a page downloads (status 200), as the page loads. */
const recordScripts = (page) => {
  const bodies = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.status() === 200) {
      bodies.push(
        response.body().then(
          (buffer) => ({ url: new URL(response.url()).pathname, buffer }),
          () => ({ url: new URL(response.url()).pathname, buffer: Buffer.alloc(0) }),
        ),
      );
    }
  });
  return async () => {
    const loaded = await Promise.all(bodies);
    const files = loaded.map(({ url, buffer }) => ({ url, raw: buffer.length, gzip: gzipSize(buffer) }));
    return {
      scripts: files.length,
      raw: files.reduce((sum, file) => sum + file.raw, 0),
      gzip: files.reduce((sum, file) => sum + file.gzip, 0),
      files,
    };
  };
};

/** axe-core (WCAG 2.1 A/AA, as accessibility.spec.ts) violations on the page, counted by impact. */
const axeCounts = async (page) => {
  // Through the debugging protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await globalThis.axe.run(globalThis.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => v.impact);
  });
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const impact of violations) counts[impact ?? 'minor'] += 1;
  return counts;
};

/** Loads /home like a first-time shopper, passes the human check, sums every script body. */
const measureFirstVisit = async (browser, baseURL) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const scripts = recordScripts(page);
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
  const reactCopies = await page.evaluate(() => {
    const copies = globalThis.__MARKETPLACE__?.reactCopies ?? [];
    return { registrations: copies.length, distinct: new Set(copies.map((copy) => copy.react.useState)).size };
  });
  const token = await page.evaluate((key) => sessionStorage.getItem(key), VERIFICATION_STORAGE_KEY);
  await page.close();
  return { ...(await scripts()), interstitialMs, homeMs, reactCopies, token };
};

/**
 * A cold load (new browser context: empty cache) by a shopper who already passed the human check in
 * this tab: the page itself. Scripts until its heading shows and the network is idle, then axe.
 */
const measureVerified = async (browser, baseURL, token, pathName, heading) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await context.addInitScript(
      ([key, value]) => sessionStorage.setItem(key, value),
      [VERIFICATION_STORAGE_KEY, token],
    );
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    const scripts = recordScripts(page);
    const started = Date.now();
    await page.goto(`${baseURL}${pathName}`);
    await heading(page).waitFor();
    const shownMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    return { ...(await scripts()), shownMs, axe: await axeCounts(page) };
  } finally {
    await context.close();
  }
};

const measureFirstLoad = async (baseURL) => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    const firstVisit = await measureFirstVisit(browser, baseURL);
    if (!firstVisit.token) throw new Error('no human-verification token after passing the check');
    const hot = await (await fetch(`${baseURL}/api/catalogue/hot_products?page=1&pageSize=1`)).json();
    const productId = hot?.data?.list?.[0]?.id;
    if (!productId) throw new Error('no product to open /detail with');
    const home = await measureVerified(browser, baseURL, firstVisit.token, '/home', (page) =>
      page.getByRole('heading', { name: 'Shop by category' }),
    );
    const detail = await measureVerified(browser, baseURL, firstVisit.token, `/detail/${productId}`, (page) =>
      page.getByRole('heading', { level: 2 }).first(),
    );
    return { firstVisit, home, detail, productId };
  } finally {
    await browser.close();
  }
};

const buildTimes = await ensureBuild();
const deployDir = tempDeployDir();
let measured;
try {
  await deployAll(deployDir);
  const server = await startServer({ deployDir });
  try {
    measured = await measureFirstLoad(server.url);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(deployDir, { recursive: true, force: true });
}

const { firstVisit, home, detail } = measured;
// The stack's share of the first load: the shared libraries alone (tree-shaken, one bundle) and the
// Module Federation runtime as loaded (main.js, the catalogue's remoteEntry.js): no app code in it.
const libraries = await libraryFloor();
const runtimeFiles = home.files.filter(({ url }) => /^\/main\.[^/]*\.js$|\/remoteEntry\.js$/.test(url));
const runtimeGzip = runtimeFiles.reduce((sum, file) => sum + file.gzip, 0);
const floor = {
  gzip: libraries.all + runtimeGzip,
  librariesGzip: libraries.all,
  libraryGroups: libraries.groups,
  runtimeGzip,
  runtimeFiles: runtimeFiles.map(({ url }) => url),
};
const axeText = (counts) =>
  `${counts.critical} critical, ${counts.serious} serious, ${counts.moderate} moderate, ${counts.minor} minor`;
const rows = [
  [
    'First-load JS for /home, verified shopper (gzip / raw)',
    `${kb(home.gzip)} / ${kb(home.raw)} in ${home.scripts} scripts (budget ${FIRST_LOAD_BUDGET_KB} KB gzip: ${home.gzip / 1024 <= FIRST_LOAD_BUDGET_KB ? 'met' : 'over'})`,
  ],
  [
    'First-load floor of the stack: shared libraries alone (tree-shaken) + MF runtime files (gzip)',
    `${kb(floor.gzip)} = ${kb(floor.librariesGzip)} (${Object.entries(floor.libraryGroups)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', ')}) + ${kb(floor.runtimeGzip)} (${floor.runtimeFiles.join(', ')})`,
  ],
  ['/home heading shown (verified, cold cache, 127.0.0.1)', `${home.shownMs} ms`],
  ['First-load JS for /detail, verified shopper (gzip)', `${kb(detail.gzip)} in ${detail.scripts} scripts`],
  [
    'First visit /home incl. human check (gzip / raw)',
    `${kb(firstVisit.gzip)} / ${kb(firstVisit.raw)} in ${firstVisit.scripts} scripts`,
  ],
  ['Human-verification screen shown after', `${firstVisit.interstitialMs} ms`],
  ['Home content shown after verification', `${firstVisit.homeMs} ms`],
  ['axe /home (WCAG 2.1 A/AA violations)', axeText(home.axe)],
  ['axe /detail (WCAG 2.1 A/AA violations)', axeText(detail.axe)],
  [
    'React copies loaded (distinct / registrations)',
    `${firstVisit.reactCopies.distinct} / ${firstVisit.reactCopies.registrations}`,
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
  'First load: Chromium, 390x844, cold cache, until network idle: a first visit to `/home` (human check passed, ALTCHA widget included), then `/home` and `/detail/<id>` in a new context whose tab already holds the verification token. gzip sizes use zlib defaults on each body. Build times from `var/bench/build-times.json` (written by `npm run build`, built at ' +
    `${buildTimes.builtAt}).`,
  '',
  '| Metric | Value |',
  '| --- | --- |',
  ...rows.map(([metric, value]) => `| ${metric} | ${value} |`),
  '',
  'Scripts of a verified `/home` (gzip, largest first):',
  '',
  '| Script | gzip |',
  '| --- | ---: |',
  ...[...home.files].sort((a, b) => b.gzip - a.gzip).map(({ url, gzip }) => `| ${url} | ${kb(gzip)} |`),
  '',
].join('\n');

mkdirSync(benchDir, { recursive: true });
writeFileSync(path.join(benchDir, 'report.md'), report);
const { token: _token, ...firstVisitFigures } = firstVisit;
writeFileSync(
  path.join(benchDir, 'first-load.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), budgetKb: FIRST_LOAD_BUDGET_KB, firstVisit: firstVisitFigures, home, detail, floor }, null, 2)}\n`,
);
console.log(report);
console.log(`written to ${path.relative(root, path.join(benchDir, 'report.md'))}`);
