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

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Puts one in-stock product in the bag, selected, and returns the checkout path the bag would open. */
export const checkoutPath = async (page: Page): Promise<string> => {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('not signed in');
  const headers = { token: decodeURIComponent(cookie.value) };
  const data = async <T>(response: Awaited<ReturnType<Page['request']['get']>>) => {
    const body = (await response.json()) as Envelope<T>;
    if (body.code !== 1) throw new Error(`${response.url()} answered ${body.code} ${body.msg}`);
    return body.data;
  };
  const hot = await data<{ list: { id: number }[] }>(
    await page.request.get('/api/catalogue/hot_products?page=1&pageSize=5', { headers }),
  );
  const productId = hot.list[0]?.id;
  if (!productId) throw new Error('no product');
  const product = await data<{ specs: { name: string; options: string[] }[] }>(
    await page.request.get(`/api/catalogue/product?id=${productId}`, { headers }),
  );
  const spec = Object.fromEntries(product.specs.map((s) => [s.name, s.options[0] ?? '']));
  await data(await page.request.post('/api/bag/add', { headers, data: { productId, spec, quantity: 1 } }));
  await data(await page.request.post('/api/bag/select', { headers, data: { selected: true, all: true } }));
  const bag = await data<{ shops: { items: { id: number }[] }[] }>(await page.request.get('/api/bag', { headers }));
  const ids = bag.shops.flatMap((shop) => shop.items.map((item) => item.id));
  return `/checkout?items=${ids.join(',')}`;
};

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
