import type { Envelope } from '@marketplace/shared/contracts';
import { DEMO, expect, opsCli, shopperApi, test, type Page } from '../fixtures';

/*
 * Community (requirements §8): every link of the personal centre opens a real screen; the guard sends an anonymous
 * visit to login and back; customer service answered by an operator (npm run ops) reaches the shopper.
 */

const signedInUserId = async (page: Page): Promise<number> => {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('not signed in');
  const response = await page.request.get('/api/user/getUserInfo', {
    headers: { token: decodeURIComponent(cookie.value) },
  });
  return ((await response.json()) as Envelope<{ id: number }>).data.id;
};

/** A page has rendered for real: no 404, no failed area, and its requests have settled. */
const expectRealScreen = async (page: Page, path: string) => {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Page not found', { exact: true }), path).toHaveCount(0);
  await expect(page.getByText('This section failed to load', { exact: true }), path).toHaveCount(0);
  await expect(page, path).not.toHaveTitle(/Page not found/);
};

test.describe('personal centre', () => {
  test('every link reachable from the personal centre opens a real screen', async ({ demoPage: page }) => {
    test.setTimeout(300_000);
    await page.goto('/profile');
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    const hrefs = [
      ...new Set(
        await page
          .getByRole('main')
          .locator('a[href^="/"]:visible')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
      ),
    ];
    for (const required of ['/notification', '/service', '/services', '/helpAndSupport', '/law', '/platform']) {
      expect(hrefs).toContain(required);
    }
    for (const required of ['/myFavourite', '/heart']) expect(hrefs).toContain(required);
    for (const required of ['/mutualAid', '/mutualAidhHistroy', '/complaint', '/merchantSignUp', '/vip']) {
      expect(hrefs).toContain(required);
    }

    for (const href of hrefs) {
      // Most screens have no tab bar: the personal centre is opened again by its address.
      await page.goto('/profile');
      await page.getByRole('main').locator(`a[href="${href}"]:visible`).first().click();
      await expect(page).toHaveURL((url) => url.pathname === href.split('?')[0]);
      await expectRealScreen(page, href);
    }
  });

  test('the browser tab says what the heading says: payment code and adding or editing an address', async ({
    demoPage: page,
  }) => {
    const sameTitle = async (heading: string) => {
      await expect(page.getByRole('heading', { name: heading, level: 1, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} - Marketplace`);
    };
    // The demo shopper has a payment code: the screen changes it.
    await page.goto('/changePayPwd');
    await sameTitle('Change payment code');
    await page.goto('/addressForm');
    await sameTitle('New address');
    const api = await shopperApi(page);
    const saved = await api.post<{ id: number }>('/api/user/address_add', {
      addressee: 'Mei Chen',
      mobilePhone: '+1 555 0100',
      area: 'Springfield',
      detailedAddress: `${Date.now()} Main St`,
      tag: 'Home',
      isDefault: false,
    });
    await page.goto(`/addressForm/${saved.id}`);
    await expect(page.getByLabel('Addressee')).toHaveValue('Mei Chen');
    await sameTitle('Edit address');
    await api.get(`/api/user/address_del?id=${saved.id}`);
  });

  test('help, law and platform pages show their content; a closed channel is "Not Yet Open"', async ({
    demoPage: page,
  }) => {
    await page.goto('/helpAndSupport');
    await expect(page.getByRole('heading', { name: 'Help and support', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Withdrawal', exact: true })).toBeVisible();
    await page.goto('/law');
    await expect(page.getByRole('heading', { name: 'Terms of service and privacy policy' })).toBeVisible();
    await page.goto('/platform');
    await expect(page.getByRole('heading', { name: 'Partner with us' })).toBeVisible();

    await page.goto('/services');
    await expect(page.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', 'mailto:support@marketplace.test');
    // Beside WhatsApp and Telegram, then once more in the toast.
    await expect(page.getByText('Not Yet Open', { exact: true })).toHaveCount(2);
    await page.getByRole('button', { name: 'WhatsApp' }).click();
    await expect(page.getByText('Not Yet Open', { exact: true })).toHaveCount(3);
  });

  test('an operator answers a customer-service message and the shopper sees it, with a notification', async ({
    demoPage: page,
  }) => {
    const question = `Where is my parcel? ${Date.now()}`;
    await page.goto('/service');
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    const conversation = page.getByRole('log', { name: 'Conversation with customer service' });
    await expect(conversation).toContainText(question);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    const userId = await signedInUserId(page);
    expect(await opsCli('threads')).toContain(DEMO.account);
    expect(await opsCli('thread', String(userId))).toContain(question);
    const answer = `It ships tomorrow ${Date.now()}`;
    expect(await opsCli('reply', String(userId), ...answer.split(' '))).toContain('sent');

    await page.goto('/profile');
    await expect(page.getByRole('status', { name: /\d+ unread/ })).toBeVisible();
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    await page
      .getByRole('button', { name: /Customer service replied to your message/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/service$/);
    await expect(conversation).toContainText(answer);

    await page.goto('/profile');
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByRole('status', { name: /\d+ unread/ })).toHaveCount(0);
  });
});

test.describe('guard for pages asked for without a token', () => {
  test('an unknown path asks for login first instead of "Page not found"', async ({ verifiedPage: page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fno-such-page$/);
    await expect(page.getByText('Please login first', { exact: true })).toBeVisible();
    await expect(page.getByText('Page not found', { exact: true })).toHaveCount(0);
  });

  test('after a login forced by the guard, the shopper is back on the page asked for', async ({
    verifiedPage: page,
  }) => {
    await page.goto('/notification');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fnotification$/);
    await page.getByLabel('Account', { exact: true }).fill(DEMO.account);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/notification$/);
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  });
});
