import {
  checkoutPath,
  DEMO,
  expect,
  login,
  passHumanVerification,
  screenSettled,
  test as base,
  type Page,
} from '../fixtures';
import { seriousViolations } from '../axe';

/**
 * axe-core (WCAG 2.1 A and AA rules) on the screens a shopper meets: no serious or critical
 * violation may appear. A new one fails this test with the rule, its impact and the elements.
 */

/**
 * One tab past the human check and signed in as the demo shopper, for the signed-in screens' tests of a worker
 * (signing in again for each screen was most of this spec's time): each test loads its screen afresh, so axe
 * sees the same screen as in a tab of its own. A worker that failed a test starts again with a new tab.
 */
const test = base.extend<object, { shopperTab: Page }>({
  shopperTab: [
    async ({ browser }, use) => {
      // The configuration's page settings (a worker's own context does not get them).
      const context = await browser.newContext({
        baseURL: process.env.E2E_BASE_URL,
        viewport: { width: 390, height: 844 },
        locale: 'en-US',
      });
      const page = await context.newPage();
      await page.goto('/');
      await passHumanVerification(page);
      await login(page, DEMO.account, DEMO.password);
      await use(page);
      await context.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const WALLET_SCREENS = [
  ['/topUp', 'Top up'],
  ['/walletTopUp?method=onChain', 'Top up with proof'],
  ['/cardTopUp', 'Card top-up'],
  ['/withDraw', 'Withdraw'],
  ['/topUpRecord', 'Top-up records'],
  ['/depositRecord', 'Withdrawal records'],
  ['/capitalRecord', 'Fund records'],
  ['/payment', 'Payment methods'],
] as const;

test.describe('accessibility (axe, WCAG 2.1 AA): no serious or critical violations', () => {
  for (const [path, heading] of WALLET_SCREENS) {
    test(`wallet screen ${path}`, async ({ shopperTab: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const path of ['/home', '/explore', '/search', '/bag', '/myPurchases', '/profile', '/detail/1', '/shop/1']) {
    test(`screen ${path}`, async ({ shopperTab: page }) => {
      await page.goto(path);
      await screenSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
  const COMMUNITY_SCREENS = [
    ['/mutualAid', 'Mutual aid'],
    ['/mutualAidhHistroy', 'Support history'],
    ['/complaint?shopId=1', 'Complaint'],
    ['/merchantSignUp', 'Merchant sign-up'],
    ['/vip', 'VIP upgrade'],
  ] as const;
  for (const [path, heading] of COMMUNITY_SCREENS) {
    test(`community screen ${path}`, async ({ shopperTab: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible({ timeout: 30_000 });
      await screenSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('screen /checkout with a selected bag line', async ({ shopperTab: page }) => {
    await page.goto('/home');
    await page.goto(await checkoutPath(page));
    await expect(page.getByRole('button', { name: 'Submit order' })).toBeVisible({ timeout: 30_000 });
    await screenSettled(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const path of ['/login', '/register']) {
    test(`screen ${path}`, async ({ verifiedPage: page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
