import { expect, storedHistory, test } from '../fixtures';

test.describe('back history', () => {
  test('the Back button returns from B to A with backs=1 and pops historyPaths', async ({ shopperPage: page }) => {
    await page.goto('/setting');
    await expect(page.getByRole('button', { name: 'Back' }).first()).toBeVisible();
    await page.goto('/passwords');
    await expect(page.getByRole('button', { name: 'Back' }).first()).toBeVisible();

    const before = await storedHistory(page);
    expect(before.slice(-2)).toEqual(['/setting', '/passwords']);

    await page.getByRole('button', { name: 'Back' }).first().click();
    await expect(page).toHaveURL(/\/setting\?(.*&)?backs=1(&|$)/);
    await expect.poll(() => storedHistory(page)).toEqual(before.slice(0, -2));
  });

  test('visiting a tab root such as /home clears the stored history', async ({ shopperPage: page }) => {
    // Each page is seen before the next is visited (a page left before the app started is never recorded).
    await page.goto('/setting');
    await expect(page.getByRole('button', { name: 'Back' }).first()).toBeVisible();
    await page.goto('/passwords');
    await expect(page.getByRole('button', { name: 'Back' }).first()).toBeVisible();
    await expect.poll(() => storedHistory(page)).toEqual(expect.arrayContaining(['/setting', '/passwords']));
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    // What came before /home is gone; at most /home itself is recorded as the new start.
    await expect.poll(() => storedHistory(page)).not.toEqual(expect.arrayContaining(['/setting']));
    expect((await storedHistory(page)).filter((path) => !path.startsWith('/home'))).toEqual([]);
  });
});
