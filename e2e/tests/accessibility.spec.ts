import { readFileSync } from 'node:fs';
import { checkoutPath, expect, test, type Page } from '../fixtures';

/**
 * axe-core (WCAG 2.1 A and AA rules) on the screens a shopper meets: no serious or critical
 * violation may appear. A new one fails this test with the rule, its impact and the elements.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

const seriousViolations = async (page: Page): Promise<string[]> => {
  // Evaluated through the debugging protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
};

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
