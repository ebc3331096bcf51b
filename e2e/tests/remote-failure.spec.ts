import { expect, tab, tabBar, test } from '../fixtures';

test.describe('a remote that fails to load', () => {
  test('shows "This section failed to load" with Retry while the tab bar and other remotes keep working', async ({
    demoPage: page,
  }) => {
    await tab(page, 'Me').click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.route('**/mfe/mfe-wallet/**', (route) => route.fulfill({ status: 404, body: 'Not found' }));

    await page.getByRole('link', { name: 'Top up', exact: true }).click();
    await expect(page).toHaveURL(/\/topUp$/);
    await expect(page.getByText('This section failed to load')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The tab bar belongs to tab pages: back on the Me tab, in the same running app.
    await page.goBack();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('demo', { exact: true }).first()).toBeVisible();
    await expect(tabBar(page)).toBeVisible();
    await tab(page, 'Home').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    await expect(page.getByText('This section failed to load')).toHaveCount(0);
  });
});
