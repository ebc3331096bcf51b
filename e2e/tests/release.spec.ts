import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Response } from '@playwright/test';
import {
  DEMO,
  expect,
  fillBag,
  loginPatiently,
  passHumanVerificationPatiently,
  rollbackReachesOpenTabs,
  shopperApi,
  tab,
  type Page,
} from '../fixtures';
import { testWithReleaseServer } from '../release-cli';

/**
 * Release operations in a real browser. This spec runs its own server on its own deployment store
 * (every remote deployed from the current build, as the global setup does), so rolling the wallet
 * back and forth never disturbs the other specs. The wallet is built three more times with
 * `VERSION=…` (its top-up footer shows the version) and released with the release CLI.
 */
const V1 = '3.0.1';
const V2 = '3.0.2';
const BROKEN = '3.0.3';

const test = testWithReleaseServer('mfe-wallet', [V1, V2, BROKEN], (versionDirs) => {
  // A wallet whose entry script downloads but cannot run.
  writeFileSync(path.join(versionDirs[2] ?? '', 'remoteEntry.js'), 'this is not a remote entry (\n');
});

const walletVersion = (page: Page, version: string) => page.getByText(`Wallet version ${version}`, { exact: true });

/**
 * Signs in with a busy machine's patience: the canary test signs in twenty browsers, two at a time, and
 * the fresh clone's CI saw the "Login Success" toast come after 10 s there (proof of work and argon2
 * sharing two cores with the other worker).
 */
const signIn = async (page: Page) => {
  await passHumanVerificationPatiently(page);
  await loginPatiently(page, DEMO.account, DEMO.password);
};

const NOT_MODIFIED = 'not modified (304)';

/** URL → SHA-256 of every catalogue file the page downloads while `action` runs (or NOT_MODIFIED). */
const catalogueFiles = async (page: Page, action: () => Promise<void>): Promise<Map<string, string>> => {
  const files = new Map<string, string>();
  const pending: Array<Promise<void>> = [];
  const onResponse = (response: Response) => {
    if (!response.url().includes('/mfe/mfe-catalogue/')) return;
    // Unhashed entry files are revalidated on every load: a 304 means the cached bytes still stand.
    if (response.status() === 304) {
      files.set(response.url(), NOT_MODIFIED);
      return;
    }
    pending.push(
      response.body().then((body) => {
        files.set(response.url(), createHash('sha256').update(body).digest('hex'));
      }),
    );
  };
  page.on('response', onResponse);
  try {
    await action();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
  } finally {
    page.off('response', onResponse);
  }
  return files;
};

const openHome = async (page: Page) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible({ timeout: 30_000 });
};

test.describe('release operations on one remote', () => {
  test.describe.configure({ mode: 'serial' });

  test('rollback of the wallet reaches the next page load; a broken version falls back to the last good one', async ({
    page,
    releaseEnv,
  }) => {
    test.setTimeout(180_000);
    await test.step(`deploy wallet ${V1} then ${V2}: the app shows ${V2}`, async () => {
      await releaseEnv.release('deploy', 'wallet', '--version', V1);
      await releaseEnv.release('promote', 'wallet', V1);
      await releaseEnv.release('deploy', 'wallet', '--version', V2);
      await releaseEnv.release('promote', 'wallet', V2);
      await signIn(page);
      await page.goto('/topUp');
      await expect(walletVersion(page, V2)).toBeVisible({ timeout: 30_000 });
    });

    const before = await catalogueFiles(page, () => openHome(page));
    expect(before.size).toBeGreaterThan(0);

    await test.step(`rollback wallet: after a reload the app shows ${V1} and no ${V2} file is requested`, async () => {
      await page.goto('/topUp');
      await expect(walletVersion(page, V2)).toBeVisible({ timeout: 30_000 });
      await releaseEnv.release('rollback', 'wallet');
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.reload();
      await expect(walletVersion(page, V1)).toBeVisible({ timeout: 30_000 });

      const after = await catalogueFiles(page, () => openHome(page));
      // The catalogue comes from the same URLs with the same bytes as before the rollback.
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [url, digest] of after) {
        if (digest !== NOT_MODIFIED && before.get(url) !== NOT_MODIFIED) expect(digest, url).toBe(before.get(url));
      }
      expect(requested.filter((url) => url.includes(`/mfe/mfe-wallet/${V2}/`))).toEqual([]);
      expect(requested.some((url) => url.includes(`/mfe/mfe-wallet/${V1}/`))).toBe(true);
    });

    await test.step(`a broken ${BROKEN} promoted with --force: the shopper still gets ${V1}, diagnostics says so`, async () => {
      await releaseEnv.release('deploy', 'wallet', '--version', BROKEN);
      await releaseEnv.release(
        'promote',
        'wallet',
        BROKEN,
        '--force',
        '--reason',
        'a build that cannot run, on purpose',
      );
      await page.goto('/profile');
      await page.getByRole('link', { name: 'Top up', exact: true }).click();
      await expect(page).toHaveURL(/\/topUp$/);
      await expect(walletVersion(page, V1)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('This section failed to load')).toHaveCount(0);

      await page.goBack();
      await expect(page).toHaveURL(/\/profile$/);
      await page.getByRole('link', { name: 'Settings', exact: true }).click();
      await page.getByRole('link', { name: 'Diagnostics', exact: true }).click();
      await expect(page).toHaveURL(/\/diagnostics$/);
      await expect(page.getByRole('heading', { name: 'Diagnostics' })).toBeVisible();
      const wallet = page.getByRole('region', { name: 'mfe-wallet' });
      await expect(wallet).toContainText(`Live version${BROKEN}`);
      await expect(wallet).toContainText(`Loaded version${V1}`);
      await expect(wallet).toContainText(
        `Fell back: version ${BROKEN} failed, so the last good version ${V1} is in use`,
      );
      await expect(wallet).toContainText('Error:');
    });
  });

  test('canary at 50%: both versions are seen and each browser keeps its version across reloads', async ({
    browser,
    releaseEnv,
  }) => {
    // Sixteen sign-ins, each solving a real human-verification challenge (about 3.5 minutes on a quiet machine;
    // all sixteen drawing one version at 50% happens once in 32,768 runs).
    test.setTimeout(720_000);
    await releaseEnv.release('promote', 'wallet', V1);
    await releaseEnv.release('canary', 'wallet', V2, '--percent', '50');

    const shopperVersion = async (b: Browser): Promise<string> => {
      const context = await b.newContext({ baseURL: releaseEnv.url, viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        await signIn(page);
        await page.goto('/topUp');
        const footer = page.getByText(/^Wallet version \d+\.\d+\.\d+$/);
        await expect(footer).toBeVisible({ timeout: 30_000 });
        const first = (await footer.textContent()) ?? '';
        for (let reload = 0; reload < 2; reload += 1) {
          await page.reload();
          await expect(walletVersion(page, first.replace('Wallet version ', ''))).toBeVisible({ timeout: 30_000 });
        }
        return first.replace('Wallet version ', '');
      } finally {
        await context.close();
      }
    };

    // A group of 16 browsers, two signed in at a time.
    const seen: string[] = [];
    for (let i = 0; i < 16; i += 2) {
      seen.push(...(await Promise.all([shopperVersion(browser), shopperVersion(browser)])));
    }
    expect(new Set(seen)).toEqual(new Set([V1, V2]));
  });

  test('a rollback reaches open tabs within 30 s: the next visit to the wallet draws the good version, no reload, the bag kept', async ({
    browser,
    releaseEnv,
  }) => {
    test.setTimeout(240_000);
    // The versions the first test deployed (deployed here too when this test runs alone).
    for (const version of [V1, V2]) {
      await releaseEnv.release('deploy', 'wallet', '--version', version).catch((error: Error) => {
        if (!/already deployed/.test(String(error.message))) throw error;
      });
    }
    await releaseEnv.release('promote', 'wallet', V1);
    await releaseEnv.release('promote', 'wallet', V2);
    const open = async (bagItems: number) => {
      const context = await browser.newContext({ baseURL: releaseEnv.url, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await signIn(page);
      if (bagItems > 0) await fillBag(await shopperApi(page), 0, bagItems);
      await page.goto('/topUp');
      await expect(walletVersion(page, V2)).toBeVisible({ timeout: 30_000 });
      await page.goto('/profile');
      await expect(page.getByRole('link', { name: 'Top up', exact: true })).toBeVisible({ timeout: 30_000 });
      // Everything from here is in-app navigation: a reload would drop this marker.
      await page.evaluate(() => Object.assign(window, { noReload: true }));
      return { context, page };
    };
    // Two shoppers' tabs open on the app; one has two things in the bag.
    const first = await open(2);
    const second = await open(0);
    const bagTab = tab(first.page, 'Bag');
    await expect(bagTab).toHaveAccessibleDescription('Items in bag: 2', { timeout: 30_000 });
    await first.page.getByRole('link', { name: 'Top up', exact: true }).click();
    await expect(walletVersion(first.page, V2)).toBeVisible({ timeout: 30_000 });
    await first.page.goBack();
    await expect(bagTab).toHaveAccessibleDescription('Items in bag: 2', { timeout: 30_000 });

    // Each open tab learns of the rollback from the manifest it asks for again (every 20 s).
    await rollbackReachesOpenTabs([first.page, second.page], 'mfe-wallet', V1, () =>
      releaseEnv.release('rollback', 'wallet', '--to', V1),
    );

    for (const { page } of [first, second]) {
      await page.getByRole('link', { name: 'Top up', exact: true }).click();
      await expect(page).toHaveURL(/\/topUp$/);
      await expect(walletVersion(page, V1)).toBeVisible({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    }
    // The bag and the session are those of before: still signed in, still two things.
    await first.page.goBack();
    await expect(bagTab).toHaveAccessibleDescription('Items in bag: 2');
    await first.context.close();
    await second.context.close();
  });
});
