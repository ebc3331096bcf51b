import { expect, test } from '../fixtures';

test.describe('route guard', () => {
  test('redirects an anonymous visit of /profile to /login with "Please login first"', async ({
    verifiedPage: page,
  }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByText('Please login first', { exact: true })).toBeVisible();
  });

  test('sends a signed-in shopper who visits /login to the home page', async ({ demoPage: page }) => {
    await page.goto('/login');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  });
});
