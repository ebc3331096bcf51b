import { expect, tab, tabBar, test, type Page } from '../fixtures';

/*
 * A slow network (docs/decisions/0005-installable-offline.md): with every API answer 20 s late, a reload of a
 * signed-in shopper's page shows the account last seen in this browser and the outline of a page at once,
 * never a blank page or a lone spinner; once the account call times out, "Your account could not be loaded"
 * with a Retry that opens the page when the network is back. A section that fails to load keeps the tab bar.
 */

const API_DELAY_MS = 20_000;

/** What the shopper sees in the page's main area: its text, and whether anything of the page is drawn. */
const drawn = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    const boxes = main ? [...main.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().height > 0) : [];
    return { text: main?.innerText.trim() ?? '', drawnBoxes: boxes.length };
  });

test.use({ viewport: { width: 390, height: 844 } });

test.describe('a slow start', () => {
  test('every answer 20 s late: the last-seen account and skeletons, then a Retry, never a blank page', async ({
    demoPage: page,
  }) => {
    test.setTimeout(120_000);
    await tab(page, 'Me').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('demo', { exact: true }).first()).toBeVisible();

    await page.route('**/api/**', async (route) => {
      await new Promise((done) => setTimeout(done, API_DELAY_MS));
      await route.continue().catch(() => undefined);
    });
    await page.reload({ waitUntil: 'domcontentloaded' });

    const loading = page.locator('.shell-start-skeleton');
    await expect(loading.first()).toBeVisible({ timeout: 5_000 });
    await expect(page.getByText(/^Signed in as /)).toBeVisible();
    expect(await loading.first().locator('.shell-start-skeleton__card').count()).toBeGreaterThan(0);
    // Sampled while the account call waits: something of the page is always drawn, with the account's name.
    for (let n = 0; n < 4; n += 1) {
      const now = await drawn(page);
      expect(now.drawnBoxes).toBeGreaterThan(5);
      expect(now.text).toMatch(/Signed in as |Your account could not be loaded/);
      await page.waitForTimeout(1_500);
    }

    // The account call gives up (its timeout): the words and a Retry, over the page's outline.
    await expect(page.getByText('Your account could not be loaded')).toBeVisible({ timeout: 40_000 });
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    expect((await drawn(page)).drawnBoxes).toBeGreaterThan(5);

    await page.unroute('**/api/**');
    await retry.click();
    await expect(page.getByText('demo', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Your account could not be loaded')).toHaveCount(0);
  });

  test('a section that fails to load keeps the tab bar under its panel', async ({ demoPage: page }) => {
    await tab(page, 'Me').click();
    await expect(page).toHaveURL(/\/profile$/);
    // The wallet's code cannot be fetched (as offline, before it was ever cached).
    await page.route('**/mfe/mfe-wallet/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Top up', exact: true }).click();
    await expect(page).toHaveURL(/\/topUp$/);
    await expect(page.getByText('This section failed to load')).toBeVisible({ timeout: 30_000 });
    await expect(tabBar(page)).toBeVisible();
    await tab(page, 'Home').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('This section failed to load')).toHaveCount(0);
  });
});
