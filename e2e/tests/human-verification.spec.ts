import { expect, passHumanVerification, tabBar, test, verificationHeading } from '../fixtures';

test.describe('human verification', () => {
  test('first visit shows "Please verify you are human" and the ALTCHA checkbox; checking it opens the app', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(verificationHeading(page)).toBeVisible();
    await expect(page.getByRole('checkbox')).toBeVisible();
    await expect(tabBar(page)).toHaveCount(0);

    await passHumanVerification(page);
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  });

  test('a second page load in the same browser session does not ask again', async ({ verifiedPage: page }) => {
    await page.reload();
    await expect(tabBar(page)).toBeVisible();
    await expect(verificationHeading(page)).toHaveCount(0);

    await page.goto('/explore');
    await expect(tabBar(page)).toBeVisible();
    await expect(verificationHeading(page)).toHaveCount(0);
  });
});
