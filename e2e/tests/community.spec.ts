import type { Envelope, ShopCard } from '@marketplace/shared/contracts';
import { register, expect, login, opsCli, tabBar, test, type Page } from '../fixtures';

/*
 * Community (requirements §8): a new shopper supports a shop once a day (a second try the same day fails), sees it in
 * the support history and the shop rises in the ranking; complains about the shop; applies as a
 * merchant; buys a VIP level with the payment code, charged once and shown in the fund records.
 */

const PAYMENT_CODE = '135790';
/** `SUPPORT_DAY_WEIGHT` of the server's ranking: a shop's score is sales + support days × 200 (README). */
const SUPPORT_DAY_WEIGHT = 200;

const hotShops = async (page: Page): Promise<ShopCard[]> => {
  const response = await page.request.get('/api/catalogue/hot_shops?page=1&pageSize=100');
  const body = (await response.json()) as Envelope<{ list: ShopCard[] }>;
  expect(body.code).toBe(1);
  return body.data.list;
};

/**
 * A shop one support day lifts above the shop ranked just before it: the first whose score is less
 * than one support day behind. It is on the first page of the support list (20 shops).
 */
const shopOneSupportLifts = (shops: ShopCard[]): ShopCard => {
  const score = (shop: ShopCard) => shop.sales + shop.supportDays * SUPPORT_DAY_WEIGHT;
  const index = shops.findIndex(
    (shop, i) => i > 0 && i < 20 && score(shops[i - 1]!) - score(shop) < SUPPORT_DAY_WEIGHT,
  );
  expect(index, 'a shop less than one support day behind the one before it').toBeGreaterThan(0);
  return shops[index]!;
};

/** Shop names in the order the support list shows them. */
const supportListOrder = async (page: Page): Promise<string[]> => {
  const list = page.getByRole('list', { name: 'Shops to support' });
  await expect(list.getByRole('article').first()).toBeVisible();
  return list.getByRole('heading', { level: 2 }).allTextContents();
};

test('community: support once a day → history → rank rises; complaint; merchant sign-up; VIP upgrade', async ({
  verifiedPage: page,
}) => {
  test.setTimeout(180_000);
  const account = `aid_${Date.now().toString(36)}`;
  await register(page, account, 'secret123');
  await login(page, account, 'secret123');

  const shop = shopOneSupportLifts(await hotShops(page));

  // A second tab opens the shop before the shopper supports it: its page still offers Support.
  const secondTab = await page.context().newPage();
  await secondTab.goto('/');
  // The browser passed the human check in the first tab: the second opens without it (a day, one cookie).
  await expect(tabBar(secondTab)).toBeVisible();
  await secondTab.goto(`/shop/${shop.id}`);
  await expect(secondTab.getByRole('button', { name: 'Support', exact: true })).toBeEnabled();

  let before: string[] = [];
  await test.step('supports the shop from /mutualAid: "Support Successful"', async () => {
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Mutual aid', exact: true }).click();
    await expect(page).toHaveURL(/\/mutualAid$/);
    before = await supportListOrder(page);
    expect(before).toContain(shop.name);
    const row = page.getByRole('article', { name: shop.name, exact: true });
    await expect(row).toContainText('You supported 0 days');
    // Named by its text and the shop, so it is this row's button and no other.
    await page.getByRole('button', { name: `Support ${shop.name}`, exact: true }).click();
    await expect(page.getByText('Support Successful', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Supported today ${shop.name}`, exact: true })).toBeDisabled();
    await expect(row).toContainText('You supported 1 day');
  });

  await test.step('a second try the same day: "Support Failed"', async () => {
    await secondTab.getByRole('button', { name: 'Support', exact: true }).click();
    await expect(secondTab.getByText('Support Failed', { exact: true })).toBeVisible();
    await expect(secondTab.getByRole('button', { name: 'Supported today', exact: true })).toBeDisabled();
    await secondTab.close();
  });

  await test.step('the shop rises in the ranking', async () => {
    await page.reload();
    const after = await supportListOrder(page);
    expect(after.indexOf(shop.name)).toBeLessThan(before.indexOf(shop.name));
    const ranked = await hotShops(page);
    const now = ranked.find((s) => s.id === shop.id)!;
    expect(now.supportDays).toBe(shop.supportDays + 1);
  });

  await test.step('the support history shows it with the cumulative days', async () => {
    await page.getByRole('link', { name: 'Support history', exact: true }).click();
    await expect(page).toHaveURL(/\/mutualAidhHistroy$/);
    const entry = page.getByRole('article', { name: shop.name, exact: true });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Support day 1');
    await expect(entry).toContainText('You supported 1 day');
  });

  await test.step('complains about the shop: an empty field is refused, then "Submission Successful"', async () => {
    await page.goto(`/shop/${shop.id}`);
    await page.getByRole('link', { name: 'Complaint', exact: true }).click();
    await expect(page).toHaveURL(/\/complaint\?shopId=\d+&shopName=/);
    await expect(page.getByLabel('Shop or business name')).toHaveValue(shop.name);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(
      page.getByText('Please fill in the shop or business name and the content', { exact: true }),
    ).toBeVisible();
    await page.getByLabel('Content').fill('The parcel arrived damaged and nobody answers.');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Submission Successful', { exact: true })).toBeVisible();
    // Back, as the back button goes (requirements §2.4: with backs=1).
    await expect(page).toHaveURL(new RegExp(`/shop/${shop.id}(\\?backs=1)?$`));
  });

  await test.step('merchant sign-up: "Application successful", then the seller centre opens', async () => {
    await page.goto('/merchantSignUp');
    await page.getByLabel('Shop name').fill(`Shop of ${account}`);
    await page.getByLabel('Contact').fill(`${account}@example.com`);
    const sellerTab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('Application successful', { exact: true })).toBeVisible();
    // This deployment's own seller centre (SELLER_PLATFORM_URL's default), where the approved seller signs in.
    const seller = await sellerTab;
    await expect(seller).toHaveURL(/^https?:\/\/[^/]+\/seller\/?$/);
    await expect(seller.getByRole('heading', { name: 'Sign in to the seller centre' })).toBeVisible();
    await seller.close();
    await expect(page.getByRole('link', { name: 'Open the seller platform' })).toHaveAttribute(
      'href',
      /^https?:\/\/[^/]+\/seller$/,
    );
  });

  await test.step('VIP without a payment code leads to the settings screen where it is set', async () => {
    await page.goto('/vip');
    await page.getByRole('button', { name: 'Upgrade to VIP 2' }).click();
    await expect(page.getByText('Please set your payment code in settings first', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Go to settings' }).click();
    await expect(page).toHaveURL(/\/changePayPwd$/);
    await page.getByLabel('New payment code').fill(PAYMENT_CODE);
    await page.getByLabel('Confirm payment code').fill(PAYMENT_CODE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Setting Success', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/vip(\?backs=1)?$/);
  });

  await test.step('VIP 2 is paid from the balance once: wrong code "Pay Fail", then "Upgrade successful"', async () => {
    expect(await opsCli('adjust', account, '300', 'VIP', 'journey')).toContain('$300.00');
    await page.goto('/vip');
    const current = page.getByRole('region', { name: 'Current level' });
    await expect(current).toContainText('None');
    await expect(current).toContainText('$300.00');
    await page.getByRole('button', { name: 'Upgrade to VIP 2' }).click();
    const pay = page.getByRole('form', { name: 'Pay for the VIP upgrade' });
    await expect(pay).toContainText('$200.00');
    await pay.getByLabel('Payment code').fill('999999');
    await pay.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Pay Fail', { exact: true })).toBeVisible();
    await expect(pay.getByRole('alert')).toContainText('4 attempts left');
    await pay.getByLabel('Payment code').fill(PAYMENT_CODE);
    await pay.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Upgrade successful', { exact: true })).toBeVisible();
    await expect(page.getByRole('status', { name: 'You are now VIP 2' })).toContainText('$100.00');
    await expect(current).toContainText('VIP 2');
    await expect(page.getByRole('button', { name: 'Upgrade to VIP 2' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upgrade to VIP 3' })).toBeVisible();

    await page.goto('/capitalRecord');
    const vipEntries = page.getByRole('article', { name: 'VIP', exact: true });
    await expect(vipEntries).toHaveCount(1);
    await expect(vipEntries).toContainText('−$200.00');

    // The level's name as the server gives it (the seeded level 2 is named "VIP 2").
    await page.goto('/profile');
    await expect(page.getByRole('main').getByText('VIP 2', { exact: true })).toBeVisible();
  });
});
