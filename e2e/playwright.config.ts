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
 * Specs on the shared server that never sign in as the seeded demo shopper nor into the console (each
 * registers shoppers of its own and decides through the ops CLI): they can run beside the `app` project.
 * Together about as long as the `app` project is longer than `own-server` (fresh clone: app 843 s of
 * tests, own-server 426 s), so the two workers end together.
 */
const OWN_SHOPPERS = [
  'accounts',
  'back-history',
  'catalogue',
  'community',
  'first-paint',
  'forgot-payment-code',
  'rtl',
  'search',
  'shopper-review',
  'wallet',
  'wallet-orders-polish',
].map((name) => `**/${name}.spec.ts`);

/**
 * Runs against the production build in Debian's Chromium (browsers are never downloaded).
 * `global-setup.ts` builds, deploys to a temp store and starts the server on a free port; the
 * workers read its URL from the environment it sets.
 *
 * Three projects of one worker each: `app` (the specs on the shared server that share the seeded demo
 * shopper or the console, one file after another), `own-shoppers` (the shared server's specs above, one
 * after another) and `own-server` (the specs above, one at a time: their builds take the build lock and
 * each starts a server of its own). Two of them run side by side (2 workers, one per core); when
 * `own-server` ends, its worker takes `own-shoppers`. E2E_WORKERS=1 runs them one after the other.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  projects: [
    { name: 'app', testIgnore: [...OWN_SERVER, ...OWN_SHOPPERS], workers: 1 },
    { name: 'own-shoppers', testMatch: OWN_SHOPPERS, workers: 1 },
    { name: 'own-server', testMatch: OWN_SERVER, workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  // A test's whole time (each assertion keeps its own 10 s). On a CI machine whose two cores run two workers, a
  // server and Chromium, flows of 20-40 s alone took past 60 s (stop 33's CI and its fresh clone: the refund and
  // customer-service flows, each passed on retry).
  timeout: 90_000,
  // Each assertion may wait 20 s: on the CI machine a lazily loaded console screen stayed on "Loading…" and the
  // "Login Success" toast came more than 10 s after the click (two workers, a server and Chromium on two cores).
  expect: { timeout: 20_000 },
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
