import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, passHumanVerification, test as base } from '../fixtures';
import { releaseCli, releaseCommand, releaseServer } from '../release-cli';

/**
 * `release canary <remote> <version> --auto` (docs/decisions/0003-independent-releases.md) against a real server and real browsers: the
 * shell's field-health reporter (shell/src/telemetry) sends beacons, the server aggregates them per version
 * and cohort (server/src/modules/telemetry), and the release CLI reads GET /api/admin/release/health to
 * decide. One browser is in the canary cohort (bucket 0), another in the stable one (bucket 99). The
 * catalogue is built twice more: a healthy version, and one whose Home screen throws when it renders.
 */
const HEALTHY = '4.0.1';
const THROWS = '4.0.2';
const ADMIN_TOKEN = 'release-auto-e2e-automation-token';
const BUCKET_COOKIE = 'mfe_bucket';

interface AutoEnv {
  url: string;
  deployDir: string;
  release(...args: string[]): Promise<string>;
  /** Runs `release canary … --auto` in the background; resolves with its exit code and output. */
  auto(version: string, ...args: string[]): Promise<{ code: number | null; output: string }>;
}

/**
 * Home ('/index', '/home') becomes a component that throws while rendering, in every built file that holds the
 * route module (expose/routes.ts: `{path:"/home",…,screen:X}`, the tab's `{…}` nested at most one level deep).
 */
const makeHomeThrow = (dir: string) => {
  let patched = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const next = text.replace(
      /(\{path:"\/(?:index|home)",(?:[^{}]|\{[^{}]*\})*?screen:)[\w$]+/g,
      '$1()=>{throw new Error("canary throws on render")}',
    );
    if (next === text) continue;
    writeFileSync(path.join(dir, file), next);
    // The precompressed copies would still hold the good screens.
    for (const copy of [`${file}.br`, `${file}.gz`]) rmSync(path.join(dir, copy), { force: true });
    patched++;
  }
  if (patched === 0) throw new Error(`no Home route found in ${dir}`);
};

const test = base.extend<object, { autoEnv: AutoEnv }>({
  autoEnv: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) =>
      releaseServer(
        'mfe-catalogue',
        [HEALTHY, THROWS],
        async ({ url, deployDir, root }) => {
          const env = { DEPLOY_DIR: deployDir, RELEASE_HEALTH_URL: url, RELEASE_ADMIN_TOKEN: ADMIN_TOKEN };
          const auto = (version: string, ...args: string[]) =>
            new Promise<{ code: number | null; output: string }>((resolve) => {
              const child = spawn(
                ...releaseCommand(root, ['canary', 'catalogue', version, '--auto', '--poll-seconds', '1', ...args]),
                { cwd: root, env: { ...process.env, ...env } },
              );
              let output = '';
              child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
              child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
              child.on('exit', (code) => resolve({ code, output }));
            });
          await use({ url, deployDir, release: releaseCli(root, deployDir, env), auto });
        },
        {
          spoil: (versionDirs) => makeHomeThrow(versionDirs[1]!),
          serverEnv: { ADMIN_TOKEN, TELEMETRY_SAMPLE_RATE: '1', TELEMETRY_RATE_LIMIT_MAX: '10000' },
        },
      ),
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ autoEnv }, use) => use(autoEnv.url),
});

/**
 * A shopper's browser in one canary bucket, past the human check once (its token put in each new tab's
 * sessionStorage, as the shell keeps it). Each tab starts without a remembered last good version, so a
 * canary that throws shows its error panel instead of falling back to the version this browser saw before.
 */
const browserIn = async (browser: Browser, url: string, bucket: number) => {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: BUCKET_COOKIE, value: String(bucket), url }]);
  const page = await context.newPage();
  await page.goto('/home');
  await passHumanVerification(page);
  const token = await page.evaluate(() => sessionStorage.getItem('humanVerification'));
  await page.close();
  expect(token).toBeTruthy();
  await context.addInitScript((value) => {
    sessionStorage.setItem('humanVerification', value);
    localStorage.removeItem('remoteLastGood');
  }, token!);
  return context;
};

/**
 * One session: Home opens (drawn, or its area's error panel), the reporter loads after the first screen
 * (it asks for its sample rate), then the page is left, which sends the beacon (pagehide).
 */
const visitHome = async (context: BrowserContext): Promise<'drawn' | 'failed'> => {
  const page = await context.newPage();
  try {
    const reporterReady = page.waitForResponse((response) => response.url().endsWith('/api/telemetry/config'), {
      timeout: 30_000,
    });
    await page.goto('/home');
    const drawn = page.getByRole('heading', { name: 'Shop by category' });
    const failed = page.getByText('This section failed to load');
    await expect(drawn.or(failed)).toBeVisible({ timeout: 30_000 });
    await reporterReady;
    // The reporter takes the notes once its setting has arrived.
    await page.waitForTimeout(300);
    const outcome = (await failed.isVisible()) ? 'failed' : 'drawn';
    await page.goto('about:blank');
    return outcome;
  } finally {
    await page.close();
  }
};

interface AuditLine {
  command: string;
  from: string | null;
  to: string | null;
  auto?: {
    decision: string;
    fromPercent: number | null;
    toPercent: number;
    canary?: { sessions: number; failures: number };
    stable?: { sessions: number; failures: number; version: string };
    pValue?: number;
    alpha?: number;
  };
}

/** The release store's audit log (release/src/store/local-store.ts: `.release/audit.log`, one JSON line each). */
const auditOf = (deployDir: string): AuditLine[] =>
  readFileSync(path.join(deployDir, '.release', 'audit.log'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as AuditLine);

const manifestOf = (deployDir: string) =>
  JSON.parse(readFileSync(path.join(deployDir, 'manifest.json'), 'utf8')) as {
    remotes: Record<string, { version: string; canary?: { version: string; percent: number } }>;
  };

/**
 * Deploys the catalogue `version` and runs `release canary … --auto` on it (`--min-sessions`,
 * `--min-stable-sessions`); until it ends, a browser in the canary cohort (while the canary is live) and one in
 * the stable cohort visit Home, side by side. At each step a cohort that has had its share of visits rests while
 * the other catches up (the throwing canary needs 3 sessions against stable's 8), and once both have had theirs
 * both go on, since a beacon may still be on its way. Answers the command's exit code and output, and what each
 * browser saw.
 */
const autoCanaryWithTraffic = async (
  browser: Browser,
  env: AutoEnv,
  version: string,
  minSessions: number,
  minStableSessions: number,
) => {
  await env.release('deploy', 'catalogue', '--version', version);
  const canary = await browserIn(browser, env.url, 0);
  const stable = await browserIn(browser, env.url, 99);
  const seen = { canary: [] as string[], stable: [] as string[] };
  const run = env.auto(
    version,
    '--min-sessions',
    String(minSessions),
    '--min-stable-sessions',
    String(minStableSessions),
  );
  const canaryPercent = () => {
    const entry = manifestOf(env.deployDir).remotes['mfe-catalogue']?.canary;
    return entry?.version === version ? entry.percent : null;
  };
  let finished = false;
  void run.finally(() => (finished = true));
  let step: number | null = null;
  let visits = { canary: 0, stable: 0 };
  const visit = async (cohort: 'canary' | 'stable') => {
    seen[cohort].push(await visitHome(cohort === 'canary' ? canary : stable));
    visits[cohort]++;
  };
  while (!finished) {
    const percent = canaryPercent();
    if (percent !== step) [step, visits] = [percent, { canary: 0, stable: 0 }];
    const bothDone = visits.canary >= minSessions && visits.stable >= minStableSessions;
    const goCanary = percent !== null && (bothDone || visits.canary < minSessions);
    const goStable = bothDone || visits.stable < minStableSessions || percent === null;
    await Promise.all([goCanary && visit('canary'), goStable && visit('stable')]);
  }
  const { code, output } = await run;
  await canary.close();
  await stable.close();
  return { code, output, seen };
};

test.describe('release canary --auto decides from the field', () => {
  test.describe.configure({ mode: 'serial' });

  test('a canary whose screen throws on render is rolled back by itself before 25 %; stable shoppers never see an error', async ({
    browser,
    autoEnv,
  }) => {
    // About 40 s alone; stop 34's CI, with the other worker's browser beside it, took over 5 min (3.3 min once).
    test.setTimeout(600_000);
    // What is live before (deploying the canary does not change it).
    const live = manifestOf(autoEnv.deployDir).remotes['mfe-catalogue']!.version;
    const { code, output, seen } = await autoCanaryWithTraffic(browser, autoEnv, THROWS, 3, 8);

    expect(code, output).toBe(3);
    expect(output).toMatch(/rolled back at 5%/);
    const entry = manifestOf(autoEnv.deployDir).remotes['mfe-catalogue']!;
    expect(entry.version).toBe(live);
    expect(entry.canary).toBeUndefined();
    const lines = auditOf(autoEnv.deployDir).filter((line) => line.auto);
    expect(lines.map((line) => line.auto!.decision)).toEqual(['start', 'rollback']);
    const rollback = lines.at(-1)!;
    expect(rollback).toMatchObject({ command: 'rollback', from: `${live} + canary ${THROWS} at 5%`, to: live });
    expect(rollback.auto!.fromPercent).toBe(5);
    expect(rollback.auto!.canary!.sessions).toBeGreaterThanOrEqual(3);
    expect(rollback.auto!.canary!.failures).toBe(rollback.auto!.canary!.sessions);
    expect(rollback.auto!.stable).toMatchObject({ version: live, failures: 0 });
    expect(rollback.auto!.pValue!).toBeLessThanOrEqual(rollback.auto!.alpha!);
    // The canary browser saw the failure; the stable one never did.
    expect(seen.canary).toContain('failed');
    expect(seen.stable.length).toBeGreaterThanOrEqual(8);
    expect(seen.stable.every((outcome) => outcome === 'drawn')).toBe(true);
  });

  test('a healthy canary is promoted to 100 % by itself, step by step', async ({ browser, autoEnv }) => {
    test.setTimeout(600_000);
    const { code, output, seen } = await autoCanaryWithTraffic(browser, autoEnv, HEALTHY, 2, 2);

    expect(code, output).toBe(0);
    expect(manifestOf(autoEnv.deployDir).remotes['mfe-catalogue']).toMatchObject({ version: HEALTHY });
    const lines = auditOf(autoEnv.deployDir).filter((line) => line.auto && line.auto.decision !== 'rollback');
    expect(lines.slice(-4).map((line) => `${line.auto!.fromPercent}->${line.auto!.toPercent}`)).toEqual([
      'null->5',
      '5->25',
      '25->50',
      '50->100',
    ]);
    expect(lines.at(-1)).toMatchObject({ command: 'promote', to: HEALTHY });
    for (const line of lines.slice(-3)) expect(line.auto!.canary!.sessions).toBeGreaterThanOrEqual(2);
    expect([...seen.canary, ...seen.stable].every((outcome) => outcome === 'drawn')).toBe(true);
  });
});
