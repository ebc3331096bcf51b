import { checkoutPath, expect, test } from '../fixtures';
import { seriousViolations } from '../axe';

/**
 * axe-core (WCAG 2.1 A and AA rules) on the screens a shopper meets: no serious or critical
 * violation may appear. A new one fails this test with the rule, its impact and the elements.
 */

const WALLET_SCREENS = [
  ['/topUp', 'Recharge'],
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
    test(`wallet screen ${path}`, async ({ demoPage: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const path of ['/home', '/explore', '/search', '/bag', '/myPurchases', '/profile', '/detail/1', '/shop/1']) {
    test(`screen ${path}`, async ({ demoPage: page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1_000);
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
    test(`community screen ${path}`, async ({ demoPage: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1_000);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('screen /checkout with a selected bag line', async ({ demoPage: page }) => {
    await page.goto('/home');
    await page.goto(await checkoutPath(page));
    await expect(page.getByRole('button', { name: 'Submit order' })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
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
