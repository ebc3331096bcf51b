import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  fillBag,
  login,
  passHumanVerification,
  rollbackReachesOpenTabs,
  shopperApi,
  tab,
} from '../fixtures';
import { testWithReleaseServer } from '../release-cli';

/**
 * Independent releases (docs/decisions/0003-independent-releases.md), for the catalogue (the remote that draws Home, the shop and product pages): two shoppers
 * have the app open, one with two things in the bag; a release manager rolls the catalogue back. Each open
 * page learns of it from the manifest it asks for again (every 20 s) and, the next time the shopper opens a
 * catalogue screen, that screen comes from the rolled-back-to version, with no reload, the session and the
 * bag kept. The catalogue is built twice more (3.1.1, 3.1.2) from the current sources.
 */
const V1 = '3.1.1';
const V2 = '3.1.2';

const test = testWithReleaseServer('mfe-catalogue', [V1, V2]);

/** The catalogue versions whose files the page asked for while `action` ran. */
const catalogueVersionsDuring = async (page: Page, action: () => Promise<void>): Promise<Set<string>> => {
  const versions = new Set<string>();
  const onRequest = (request: { url(): string }) => {
    const match = /\/mfe\/mfe-catalogue\/([^/]+)\//.exec(request.url());
    if (match?.[1]) versions.add(match[1]);
  };
  page.on('request', onRequest);
  try {
    await action();
  } finally {
    page.off('request', onRequest);
  }
  return versions;
};

test('a catalogue rollback reaches both open tabs within 30 s: the next catalogue screen is the good version, no reload, the bag kept', async ({
  browser,
  releaseEnv,
}) => {
  test.setTimeout(240_000);
  for (const version of [V1, V2]) await releaseEnv.release('deploy', 'catalogue', '--version', version);
  await releaseEnv.release('promote', 'catalogue', V1);
  await releaseEnv.release('promote', 'catalogue', V2);

  const open = async (bagItems: number) => {
    const context = await browser.newContext({ baseURL: releaseEnv.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    await passHumanVerification(page);
    await login(page, DEMO.account, DEMO.password);
    if (bagItems > 0) await fillBag(await shopperApi(page), 0, bagItems);
    // A full load (the tab bar reads the bag); everything from here is in-app navigation, which this marker survives.
    await page.goto('/profile');
    await page.evaluate(() => Object.assign(window, { noReload: true }));
    // Home, drawn by the live catalogue version, then back to Me.
    const versions = await catalogueVersionsDuring(page, async () => {
      await tab(page, 'Home').click();
      await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible({ timeout: 30_000 });
    });
    expect(versions.has(V1)).toBe(false);
    await tab(page, 'Me').click();
    await expect(page).toHaveURL(/\/profile$/);
    return { context, page };
  };
  const first = await open(2);
  const second = await open(0);
  const bagTab = tab(first.page, 'Bag');
  await expect(bagTab).toHaveAccessibleDescription('Items in bag: 2', { timeout: 30_000 });

  // Each open tab learns of the rollback from the manifest it asks for again (every 20 s).
  await rollbackReachesOpenTabs([first.page, second.page], 'mfe-catalogue', V1, () =>
    releaseEnv.release('rollback', 'catalogue', '--to', V1),
  );

  for (const { page } of [first, second]) {
    // A catalogue screen the tab has not drawn yet: Explore.
    const versions = await catalogueVersionsDuring(page, async () => {
      await tab(page, 'Explore').click();
      await expect(page).toHaveURL(/\/explore$/);
      await expect(page.getByText('Browse every category of the marketplace.')).toBeVisible({ timeout: 30_000 });
    });
    expect([...versions]).toEqual([V1]);
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  }
  // The bag and the session are those of before: still signed in, still two things.
  await expect(bagTab).toHaveAccessibleDescription('Items in bag: 2');
  await tab(first.page, 'Me').click();
  await expect(first.page.getByRole('link', { name: 'Top up', exact: true })).toBeVisible({ timeout: 30_000 });
  await first.context.close();
  await second.context.close();
});
