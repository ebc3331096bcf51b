import type { Browser, Page } from '@playwright/test';
import { axeClean, codeAt } from '../console-kit';
import { mailsTo } from '../outbox';
import { dataOf, expect, shopperApi, test } from '../fixtures';

/**
 * The seller centre (docs/decisions/0011-seller-accounts.md) end to end on the real server: a shopper
 * applies, an operator approves in the console, the invitation arrives in the outbox, the seller sets a
 * password and enrols TOTP, edits the shop profile, and the shopper's shop page shows it. axe on every
 * seller page in English and Simplified Chinese, at a desk and on a phone.
 */
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const automation = () => ({ 'admin-token': process.env.E2E_ADMIN_TOKEN! });

const newPage = async (browser: Browser, viewport = DESKTOP) =>
  (await browser.newContext({ viewport, baseURL: process.env.E2E_BASE_URL })).newPage();

/** A support operator created with the automation token, enrolled through the API, signed in to the console. */
const supportConsole = async (browser: Browser, request: Page['request'], name: string): Promise<Page> => {
  const password = `${name}-correct-horse-battery`;
  const { setupCode } = await dataOf<{ setupCode: string }>(
    await request.post('/api/admin/operator', { headers: automation(), data: { name, roles: ['support'] } }),
  );
  const { secret } = await dataOf<{ secret: string }>(
    await request.post('/api/admin/auth/setup', { data: { name, setupCode, password } }),
  );
  // The console's session is the cookie the server sets on this confirmation: it is made from the
  // operator's own browser context so that context holds it.
  const page = await newPage(browser);
  await dataOf(
    await page.request.post('/api/admin/auth/setup_confirm', {
      data: { name, setupCode, code: codeAt(secret, Date.now()) },
    }),
  );
  return page;
};

test('seller centre: approved in the console, invited by mail, password and TOTP, shop profile shown to shoppers; axe in en and zh-cn', async ({
  browser,
  demoPage: shopper,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const shopName = `Lantern Loft ${suffix}`;
  const email = `seller-${suffix}@example.com`;

  await test.step('a shopper applies to sell', async () => {
    await (await shopperApi(shopper)).post('/api/merchant/apply', { shopName, contact: email, note: 'Paper lanterns' });
  });

  await test.step('an operator approves the application in the console', async () => {
    const operator = await supportConsole(browser, shopper.request, `sup-${suffix}`);
    await operator.goto('/console/merchants');
    await operator.getByRole('button', { name: new RegExp(`^Approve: ${shopName} \\(application \\d+\\)$`) }).click();
    const dialog = operator.getByRole('dialog', { name: `Approve ${shopName}` });
    await expect(dialog.getByLabel("Owner's e-mail")).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(operator.getByText('Approved: the invitation was sent')).toBeVisible();
    await operator.context().close();
  });

  const seller = await newPage(browser);
  const secret = await test.step('the invited seller sets a password and enrols the authenticator', async () => {
    await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const link = /https?:\/\/\S+(\/seller\/invite#code=[\w-]+)/.exec(mailsTo(email).at(-1)!)![1]!;
    await seller.goto(link);
    await expect(seller.getByRole('heading', { name: 'Set up your seller account' })).toBeVisible();
    await expect(seller.getByText(`Invitation for ${email}`)).toBeVisible();
    await axeClean(seller, 'invitation (en)');
    await seller.getByLabel('New password').fill('lantern-correct-horse');
    await seller.getByRole('button', { name: 'Next' }).click();
    const qr = seller.getByRole('img', { name: 'QR code to add the seller centre to an authenticator app' });
    await expect(qr).toBeVisible();
    const key = (await seller.locator('.ant-typography code').innerText()).trim();
    await axeClean(seller, 'enrolment (en)');
    await seller.getByLabel('Code from your authenticator app').fill(codeAt(key, Date.now()));
    await seller.getByRole('button', { name: 'Finish and sign in' }).click();
    await expect(seller.getByRole('heading', { name: 'Shop profile' })).toBeVisible();
    return key;
  });
  expect(secret).toMatch(/^[A-Z2-7]+$/);

  await test.step('the seller writes the shop profile in English and German', async () => {
    await seller.getByLabel('Description (English)').fill('Paper lanterns folded by hand.');
    await seller.getByRole('combobox', { name: 'Add a description in another language' }).click();
    await seller.keyboard.type('Deutsch');
    await seller.keyboard.press('Enter');
    await seller.getByLabel('Description (Deutsch)').fill('Papierlaternen, von Hand gefaltet.');
    await seller.getByRole('button', { name: 'Save profile' }).click();
    await expect(seller.getByText('Profile saved')).toBeVisible();
    await axeClean(seller, 'shop profile (en)');
    for (const screen of ['Reviews', 'Staff']) {
      await seller.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name: screen }).click();
      await expect(seller.getByRole('heading', { name: screen, exact: true })).toBeVisible();
      await axeClean(seller, `${screen} (en)`);
    }
  });

  await test.step('in Simplified Chinese every seller page is axe-clean too', async () => {
    await seller.getByText('简体中文', { exact: true }).click();
    await expect(seller.locator('html')).toHaveAttribute('lang', 'zh-CN');
    for (const [link, heading] of [
      ['店铺资料', '店铺资料'],
      ['评价', '评价'],
      ['员工', '员工'],
    ]) {
      await seller.getByRole('navigation', { name: '卖家中心' }).getByRole('link', { name: link }).click();
      await expect(seller.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await axeClean(seller, `${heading} (zh-cn)`);
    }
    const signIn = await newPage(browser, PHONE);
    await signIn.goto('/seller/');
    await expect(signIn.getByRole('heading', { name: 'Sign in to the seller centre' })).toBeVisible();
    await axeClean(signIn, 'sign-in (en, phone)');
    await signIn.getByText('简体中文', { exact: true }).click();
    await expect(signIn.getByRole('heading', { name: '登录卖家中心' })).toBeVisible();
    await axeClean(signIn, 'sign-in (zh-cn, phone)');
    await signIn.context().close();
  });

  await test.step('on a phone the shop profile fits the screen', async () => {
    await seller.setViewportSize(PHONE);
    await seller.getByRole('link', { name: '店铺资料' }).click();
    await expect(seller.getByRole('heading', { name: '店铺资料' })).toBeVisible();
    expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await axeClean(seller, 'shop profile (zh-cn, phone)');
  });

  await test.step('the shopper sees the profile on the shop page, in German when reading German', async () => {
    const applications = await dataOf<{ list: { shopName: string; shopId: number | null }[] }>(
      await shopper.request.get('/api/admin/merchant_applications', { headers: automation() }),
    );
    const shopId = applications.list.find((row) => row.shopName === shopName)!.shopId!;
    await shopper.goto(`/shop/${shopId}`);
    const about = shopper.getByRole('region', { name: 'About the shop' });
    await expect(about.getByRole('heading', { name: shopName })).toBeVisible();
    await expect(about.getByText('Paper lanterns folded by hand.')).toBeVisible();
    const german = await dataOf<{ description: string }>(
      await shopper.request.get(`/api/catalogue/shop?id=${shopId}`, { headers: { lang: 'de' } }),
    );
    expect(german.description).toBe('Papierlaternen, von Hand gefaltet.');
  });
  await seller.context().close();
});
