import { defineConfig } from '@playwright/test';

/**
 * Specs that start their own server on their own deployment store (release, rollback, canary, open
 * tabs, offline, rebuild in place): they never touch the shared server nor its store.
 */
const OWN_SERVER = [
  'console-release',
  'offline',
  'rebuild-in-place',
  'release',
  'release-auto',
  'release-console',
  'release-open-tabs',
  'release-shell',
].map((name) => `**/${name}.spec.ts`);

/**
 * Runs against the production build in Debian's Chromium (browsers are never downloaded).
 * `global-setup.ts` builds, deploys to a temp store and starts the server on a free port; the
 * workers read its URL from the environment it sets.
 *
 * Two projects of one worker each: `app` (every spec on the shared server, one file after another, as
 * they share the seeded demo shopper) and `own-server` (the specs above, one at a time: their builds
 * take the build lock and each starts a server of its own). They run side by side (2 workers, one per
 * core): a full run with 2 workers passed 164/164 with no retry while other jobs held the machine at load
 * 15-28 (32 min; 30-39 min one after the other on an idle machine). E2E_WORKERS=1 runs them one after the other.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  projects: [
    { name: 'app', testIgnore: OWN_SERVER, workers: 1 },
    { name: 'own-server', testMatch: OWN_SERVER, workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: false,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
