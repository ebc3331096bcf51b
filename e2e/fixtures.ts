import { expect, test as base, type Locator, type Page } from '@playwright/test';

export { expect };
export type { Page };

export const DEMO = { account: 'demo', password: 'demo123', paymentCode: '123456' } as const;

export const verificationHeading = (page: Page): Locator =>
  page.getByRole('heading', { name: 'Please verify you are human' });

/** The tab bar (Home, Explore, Bag, Me). */
export const tabBar = (page: Page): Locator => page.getByRole('navigation', { name: 'Main navigation' });

/** A tab of the tab bar by its English name, whichever role the shell gives the items. */
export const tab = (page: Page, name: string): Locator => {
  const bar = tabBar(page);
  return bar
    .getByRole('link', { name, exact: true })
    .or(bar.getByRole('tab', { name, exact: true }))
    .or(bar.getByRole('button', { name, exact: true }))
    .first();
};

/** Ticks the ALTCHA checkbox on the interstitial and waits until the app is shown. */
export const passHumanVerification = async (page: Page): Promise<void> => {
  await expect(verificationHeading(page)).toBeVisible();
  // Clicked by its label, as a person does: the widget draws its tick mark over the bare input.
  // It then solves a proof-of-work and may stay unchecked while it works.
  await page.getByText("I'm not a robot", { exact: true }).click();
  await expect(verificationHeading(page)).toBeHidden({ timeout: 30_000 });
  await expect(tabBar(page)).toBeVisible();
};

/** Signs in through the login form, as a shopper would. */
export const login = async (page: Page, account: string, password: string): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Success', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
};

/** `localStorage.historyPaths` as stored by the shell. */
export const storedHistory = (page: Page): Promise<string[]> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('historyPaths') ?? '[]') as string[]);

interface Fixtures {
  /** A page that has passed the human-verification interstitial (the token lives in this tab's sessionStorage). */
  verifiedPage: Page;
  /** A verified page signed in as the seeded demo shopper. */
  demoPage: Page;
}

export const test = base.extend<Fixtures>({
  verifiedPage: async ({ page }, use) => {
    await page.goto('/');
    await passHumanVerification(page);
    await use(page);
  },
  demoPage: async ({ verifiedPage }, use) => {
    await login(verifiedPage, DEMO.account, DEMO.password);
    await use(verifiedPage);
  },
});
