// Lighthouse (mobile preset: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown) on cold
// `/home` and `/detail/<id>`, in Debian's Chromium, against a freshly deployed app on 127.0.0.1.
// All four categories (performance, accessibility, best practices, SEO) of each run.
// Each (page, run kind) is measured RUNS times (LIGHTHOUSE_RUNS, default 5) and the median run by score
// is reported with the range of scores. Prints a markdown table and writes var/bench/lighthouse.md and,
// for the combined table (tools/bench-summary.mjs), var/bench/lighthouse.json; every run's full report
// goes to var/bench/lighthouse/<page>-<kind>-<n>.json. The accessibility, best-practices and SEO audits
// that did not pass are listed under the table.
//
// Three kinds of run per page:
// - "first visit": exactly what a new shopper's browser gets; the human-verification interstitial
//   is drawn first, so its paint is what Lighthouse scores.
// - "verified": the same cold load (cache and storage reset by Lighthouse) in a tab whose
//   sessionStorage already holds a human-verification token, i.e. the page itself. Lighthouse
//   cannot seed sessionStorage on its own; the tab is prepared with puppeteer-core, the driver
//   Lighthouse itself runs on (its dependency, same version), and handed to Lighthouse.
// - "verified, worker in place": a repeat visit with the service worker (docs/decisions/0005-installable-offline.md) installed and in
//   control: the tab loads the page once, waits until the worker controls it, and Lighthouse runs
//   without resetting storage (disableStorageReset), so the worker, its caches and the HTTP cache stay.
// - "verified, repeat visit without worker": its baseline, the same warm repeat visit (HTTP cache and
//   storage kept) with the worker unregistered before the run, so what the worker itself costs or saves
//   is the difference between the two rows.
//   Both kept in lighthouse.json's `workerRows` (the combined table reads `rows`).
//
// Every run of a row is paired with a run of the reference page (`/bench-reference`, served by the same server
// with BENCH_REFERENCE_PAGE=1: Home's first screen in a few lines of plain script, no framework), interleaved
// A B A B, so each figure is also read as a ratio to what this machine, this Chromium and this server do for
// the same screen (docs/decisions/0010-lighthouse-against-a-reference.md). Lighthouse's host benchmark
// (`environment.benchmarkIndex`), the Chromium version and the load average are printed with every row: a
// figure from one machine does not carry to another.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import {
  VERIFICATION_STORAGE_KEY,
  buildAll,
  deployAll,
  humanVerificationToken,
  isBuilt,
  root,
  startServer,
  tempDeployDir,
} from './app-server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/** While iterating: only the rows whose "<page> <run kind>" matches this pattern, e.g. `home verified`. */
const ONLY = process.env.LIGHTHOUSE_ONLY ? new RegExp(process.env.LIGHTHOUSE_ONLY) : null;
const TOTAL_TIMEOUT_MS = 30 * 60_000;
const benchDir = path.join(root, 'var/bench');
/** Every run's full Lighthouse report (LCP element, request chains, long tasks) is kept here. */
const reportDir = path.join(benchDir, 'lighthouse');

const watchdog = setTimeout(() => {
  console.error(`bench-lighthouse: gave up after ${TOTAL_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
watchdog.unref();

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const FLAGS = { output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
/** Chromium as the brief for the app's benches has it: no background traffic of its own in the traces. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const KINDS = {
  firstVisit: 'first visit (interstitial)',
  verified: 'verified',
  worker: 'verified, worker in place',
  repeat: 'verified, repeat visit without worker',
  reference: 'reference page',
};
/** Audits that take part in a score and can fail (not manual checks, not "not applicable"). */
const SCORED = new Set(['binary', 'numeric', 'metricSavings']);

/** The accessibility, best-practices and SEO audits of a run that did not pass, with where. */
const findingsOf = (lhr) =>
  CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    lhr.categories[id].auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && SCORED.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1)
      .map((audit) => {
        const items = audit.details?.items ?? [];
        const where = items
          .slice(0, 3)
          .map((item) => item.node?.selector ?? item.node?.snippet ?? item.url ?? item.source?.url ?? '')
          .filter(Boolean);
        return `${id}: ${audit.id} (${audit.title})${where.length ? ` at ${where.join('; ')}` : ''}`;
      }),
  );

const reportName = (url, kind, n) =>
  `${new URL(url).pathname.split('/').filter(Boolean).join('-')}-${kind.replace(/\W+/g, '-')}-${n}.json`;

/** The tab loads `url` until the service worker controls it (its files kept), as a shopper's second visit. */
const installWorker = async (page, url) => {
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload({ waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), { timeout: 60_000 });
};

/** The same tab's worker unregistered (its HTTP cache and storage stay): a repeat visit without it. */
const removeWorker = async (page) => {
  await page.evaluate(async () => {
    await Promise.all((await navigator.serviceWorker.getRegistrations()).map((r) => r.unregister()));
  });
  await page.goto('about:blank');
};

const run = async ({ browser, port, url, token, kind, n }) => {
  let page;
  if (token) {
    page = await browser.newPage();
    await page.evaluateOnNewDocument(
      (key, value) => sessionStorage.setItem(key, value),
      VERIFICATION_STORAGE_KEY,
      token,
    );
  }
  const warm = kind === KINDS.worker || kind === KINDS.repeat;
  try {
    if (warm) await installWorker(page, url);
    if (kind === KINDS.repeat) await removeWorker(page);
    const flags = { ...FLAGS, port, ...(warm ? { disableStorageReset: true } : {}) };
    const result = await lighthouse(url, flags, undefined, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    writeFileSync(path.join(reportDir, reportName(url, kind, n)), JSON.stringify(lhr));
    const category = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
    return {
      score: category('performance'),
      accessibility: category('accessibility'),
      bestPractices: category('best-practices'),
      seo: category('seo'),
      findings: findingsOf(lhr),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      mainThread: lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? '',
    };
  } finally {
    await page?.close();
  }
};

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): tried again, twice. */
const runWithRetry = async (options) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(options);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`bench-lighthouse: ${error.message}; trying again`);
    }
  }
};

/** The run with the median score (its LCP, TBT… belong together), plus the median of each metric. */
const median = (runs) => {
  const mid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const byScore = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
  return {
    ...byScore,
    score: mid(runs.map((r) => r.score)),
    accessibility: mid(runs.map((r) => r.accessibility)),
    bestPractices: mid(runs.map((r) => r.bestPractices)),
    seo: mid(runs.map((r) => r.seo)),
    findings: [...new Set(runs.flatMap((r) => r.findings))],
    lcp: mid(runs.map((r) => r.lcp)),
    tbt: mid(runs.map((r) => r.tbt)),
    cls: mid(runs.map((r) => r.cls)),
    fcp: mid(runs.map((r) => r.fcp)),
    mainThread: mid(runs.map((r) => r.mainThread)),
    benchmarkIndex: mid(runs.map((r) => r.benchmarkIndex)),
  };
};

if (!isBuilt()) await buildAll();
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const deployDir = tempDeployDir();
const rows = [];
const workerRows = [];
let chromiumVersion = '';
try {
  await deployAll(deployDir);
  const server = await startServer({ deployDir, env: { BENCH_REFERENCE_PAGE: '1' } });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    chromiumVersion = await browser.version();
    const referenceUrl = `${server.url}/bench-reference`;
    const hot = await (await fetch(`${server.url}/api/catalogue/hot_products?page=1&pageSize=1`)).json();
    const productId = hot?.data?.list?.[0]?.id;
    if (!productId) throw new Error('no product to measure /detail with');
    const token = await humanVerificationToken(browser, server.url);
    const pages = [
      ['/home', `${server.url}/home`],
      [`/detail/${productId}`, `${server.url}/detail/${productId}`],
    ];
    for (const [name, url] of pages) {
      for (const [kind, seeded] of [
        [KINDS.firstVisit, null],
        [KINDS.verified, token],
        [KINDS.worker, token],
        [KINDS.repeat, token],
      ]) {
        if (ONLY && !ONLY.test(`${name} ${kind}`)) continue;
        const runs = [];
        const references = [];
        const loads = [];
        for (let n = 0; n < RUNS; n++) {
          loads.push(loadavg()[0]);
          // A B A B: the reference and the page in turn, so both see the same machine.
          references.push(
            await runWithRetry({
              browser,
              port: chrome.port,
              url: referenceUrl,
              token: null,
              kind: KINDS.reference,
              n,
            }),
          );
          runs.push(await runWithRetry({ browser, port: chrome.port, url, token: seeded, kind, n }));
        }
        (kind === KINDS.worker || kind === KINDS.repeat ? workerRows : rows).push({
          name,
          kind,
          ...median(runs),
          reference: median(references),
          load: Math.max(...loads),
          scores: runs.map((r) => r.score),
          lcps: runs.map((r) => Math.round(r.lcp)),
          tbts: runs.map((r) => Math.round(r.tbt)),
        });
      }
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
  }
} finally {
  rmSync(deployDir, { recursive: true, force: true });
}

const ms = (value) => `${Math.round(value)} ms`;
const signed = (value) => (value > 0 ? `+${value}` : String(value));
const ratio = (value, reference) => (reference > 0 ? `${(value / reference).toFixed(2)}×` : 'n/a');
const report = [
  `# Lighthouse (${new Date().toISOString()})`,
  '',
  `Lighthouse ${LIGHTHOUSE_VERSION} mobile preset (simulated throttling), all four categories, Chromium at ` +
    `\`${CHROMIUM}\` (${CHROME_FLAGS.join(' ')}), fresh PGlite server on 127.0.0.1, cold cache. "first visit" ` +
    'scores the human-verification interstitial a new browser gets; "verified" is the same cold load with a ' +
    'verification token already in sessionStorage, i.e. the page itself; "worker in place" is a repeat ' +
    'visit with the service worker installed and controlling, storage and caches kept; "repeat visit without ' +
    'worker" the same warm visit with the worker unregistered (its baseline).',
  '',
  `Median of ${RUNS} runs per row (each metric's own median; performance score, LCP and TBT of every run in ` +
    "brackets: Lighthouse's simulated LCP and TBT move with what the unthrottled trace happened to do first). " +
    'Performance figures measured on shared, busy cores are not a valid benchmark.',
  '',
  `Host: Chromium ${chromiumVersion}, Lighthouse benchmarkIndex per row (its host benchmark; higher is faster), ` +
    `the highest 1-minute load average seen during the row's runs, ${cpus().length} cores.`,
  '',
  '| Page | Run | Performance (ref, Δ) | TBT (ref, Δ) | Main-thread work (ref, ×) | LCP | FCP | CLS | benchmarkIndex | load | LCP element |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...[...rows, ...workerRows].map(
    (r) =>
      `| ${r.name} | ${r.kind} | ${r.score} [${r.scores.join(', ')}] (${r.reference.score}, ${signed(r.score - r.reference.score)}) | ` +
      `${ms(r.tbt)} [${r.tbts.join(', ')}] (${ms(r.reference.tbt)}, ${signed(Math.round(r.tbt - r.reference.tbt))} ms) | ` +
      `${ms(r.mainThread)} (${ms(r.reference.mainThread)}, ${ratio(r.mainThread, r.reference.mainThread)}) | ` +
      `${ms(r.lcp)} [${r.lcps.join(', ')}] | ${ms(r.fcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.benchmarkIndex)} | ${r.load.toFixed(2)} | ` +
      `${String(r.lcpElement).replace(/\|/g, '/').slice(0, 60)} |`,
  ),
  '',
  'Targets (against the reference of the same row): TBT ≤ reference + 50 ms; main-thread work ≤ 1.3 × reference; ' +
    'performance ≥ reference − 3.',
  '',
  '| Page | Run | Accessibility | Best practices | SEO |',
  '| --- | --- | --- | --- | --- |',
  ...[...rows, ...workerRows].map(
    (r) => `| ${r.name} | ${r.kind} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} |`,
  ),
  '',
  '## Accessibility, best-practices and SEO audits not passed',
  '',
  ...[...rows, ...workerRows].flatMap((r) =>
    r.findings.length === 0 ? [] : [`- ${r.name} ${r.kind}:`, ...r.findings.map((finding) => `  - ${finding}`)],
  ),
  ...([...rows, ...workerRows].every((r) => r.findings.length === 0) ? ['None.'] : []),
  '',
].join('\n');

mkdirSync(benchDir, { recursive: true });
writeFileSync(path.join(benchDir, 'lighthouse.md'), report);
writeFileSync(
  path.join(benchDir, 'lighthouse.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, chromiumVersion, rows, workerRows }, null, 2)}\n`,
);
console.log(report);
