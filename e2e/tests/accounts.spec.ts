import { expect, login, tab, test } from '../fixtures';

test.describe('accounts', () => {
  test('registers a new account, logs in, shows it on the Me tab and logs out to /login', async ({
    verifiedPage: page,
  }) => {
    const account = `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const password = 'secret123';

    await page.goto('/register');
    await page.getByLabel('Account', { exact: true }).fill(account);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Register Success', { exact: true })).toBeVisible();

    await login(page, account, password);

    await tab(page, 'Me').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(account, { exact: true }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/setting$/);
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    // Logging out may ask for confirmation first.
    const confirm = page.getByRole('dialog').getByRole('button', { name: /^(Confirm|OK|Log out)$/ });
    const loginButton = page.getByRole('button', { name: 'Login', exact: true });
    await expect(confirm.or(loginButton).first()).toBeVisible();
    if (await confirm.isVisible()) await confirm.click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(loginButton).toBeVisible();
  });

  test('refuses an empty login form with "Please input account and password"', async ({ verifiedPage: page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Please input account and password', { exact: true }).first()).toBeVisible();
  });
});
