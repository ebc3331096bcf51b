import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Envelope } from '@marketplace/shared/contracts';
import { homeAddress } from '../mfe-account/src/testing/addresses';

const run = promisify(execFile);

export { expect };
export type { Page };

export const DEMO = { account: 'demo', password: 'demo123', paymentCode: '123456' } as const;

export const verificationHeading = (page: Page): Locator =>
  page.getByRole('heading', { name: 'Please verify you are human' });

/** The tab bar (Home, Explore, Bag, Me). */
export const tabBar = (page: Page): Locator => page.getByRole('navigation', { name: 'Main navigation' });

/**
 * Turns the mouse wheel until the page is more than `past` px down, and answers where the page came to rest: a
 * wheel's scroll lands after `mouse.wheel` returns, so the position is read once it has stood for 10 frames.
 */
export const scrollPast = async (page: Page, past: number): Promise<number> => {
  await page.mouse.move(195, 400);
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 600);
      return page.evaluate(() => window.scrollY);
    })
    .toBeGreaterThan(past);
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          if (window.scrollY !== last) [last, still] = [window.scrollY, 0];
          else if (++still >= 10) return resolve(last);
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
};

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

/**
 * Starts recording whether `text` enters the page; the returned check waits until
 * one has. For toasts (1.2 s on screen): a busy machine's assertion polling can fall between two of them, a
 * MutationObserver in the page cannot. The page must not reload in between.
 */
const watchForText = async (page: Page, text: string): Promise<() => Promise<void>> => {
  const key = `__e2eSeen_${text}`;
  await page.evaluate(
    ([key, text]) => {
      const store = window as unknown as Record<string, boolean>;
      store[key] = false;
      const observer = new MutationObserver((records) => {
        const changed = records.flatMap((record) => [record.target, ...record.addedNodes]);
        if (!changed.some((node) => node.textContent?.includes(text))) return;
        store[key] = true;
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [key, text] as const,
  );
  return () =>
    expect
      .poll(() => page.evaluate((key) => (window as unknown as Record<string, boolean>)[key], key), {
        message: `"${text}" was shown`,
      })
      .toBe(true);
};

/** Signs in through the login form, as a shopper would, and sees "Login Success". */
export const login = async (page: Page, account: string, password: string): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const toastShown = await watchForText(page, 'Login Success');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await toastShown();
  await expect(page).not.toHaveURL(/\/login/);
};

/*
 * The same steps with room for a machine whose two cores are shared by several builds (the proof of work and
 * argon2 then take well past the 30 s above), for the specs that run there.
 */

/** The cores are shared by several builds: screens and remotes can take well past the default 10 s. */
export const expectSoon = expect.configure({ timeout: 45_000 });

/** Opens the app and passes its human check, waiting as long as a busy machine needs. */
export const passHumanVerificationPatiently = async (page: Page): Promise<void> => {
  await page.goto('/');
  await expect(verificationHeading(page)).toBeVisible({ timeout: 60_000 });
  await page.getByText("I'm not a robot", { exact: true }).click();
  await expect(verificationHeading(page)).toBeHidden({ timeout: 150_000 });
  await expect(tabBar(page)).toBeVisible({ timeout: 30_000 });
};

/** Registers `account` through the form; checks the server's answer, not its 1.2 s toast (a busy machine's polling can miss the toast). */
export const registerPatiently = async (page: Page, account: string, password: string): Promise<void> => {
  await fillRegistration(page, account, password);
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/user/register'), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  expect(((await (await registered).json()) as { code: number }).code).toBe(1);
};

/** Signs in through the login form and waits until the app has left it. */
export const loginPatiently = async (page: Page, account: string, password: string): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
};

/** The human check and the demo shopper's sign-in, with room for a busy machine. */
const signInDemoPatiently = async (page: Page): Promise<void> => {
  await passHumanVerificationPatiently(page);
  await loginPatiently(page, DEMO.account, DEMO.password);
};

/** The registration form, filled in for `account` (the password twice), not sent. */
const fillRegistration = async (page: Page, account: string, password: string): Promise<void> => {
  await page.goto('/register');
  await page.getByLabel('Account', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
};

/** Registers `account` through the form, as a shopper would, and sees its success toast. */
export const register = async (page: Page, account: string, password: string): Promise<void> => {
  await fillRegistration(page, account, password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Register Success', { exact: true })).toBeVisible();
};

/** The demo shopper signed in (with room for a busy machine), $1,000 richer by an operator; their API. */
export const fundedDemoShopper = async (page: Page): Promise<ShopperApi> => {
  await signInDemoPatiently(page);
  const api = await shopperApi(page);
  await operatorPost(page, '/api/admin/balance/adjust', { account: DEMO.account, amount: 100_000, reason: 'e2e' });
  return api;
};

/** Waits (at most 3 s) for the finite animations running now to end (a spinner's or a skeleton's never do). */
export const animationsDone = async (page: Page): Promise<void> => {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
};

/** What the app draws while a screen is still loading: the shell's spinner, a busy region, a shimmering skeleton. */
const LOADING = '.shell-area-loading, [aria-busy="true"], .adm-skeleton-animated';

/**
 * The screen has drawn its content: its requests (pictures too) are done, nothing on it says it is still
 * loading (waited for at most 10 s: a screen that never stops is left to the checks that follow), its fonts
 * are in and what slides or fades in has arrived.
 */
export const screenSettled = async (page: Page): Promise<void> => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator(LOADING).filter({ visible: true }))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await animationsDone(page);
};

/** `localStorage.historyPaths` as stored by the shell. */
export const storedHistory = (page: Page): Promise<string[]> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('historyPaths') ?? '[]') as string[]);

interface Fixtures {
  /** A page that has passed the human-verification interstitial (the token lives in this tab's sessionStorage). */
  verifiedPage: Page;
  /** A verified page signed in as the seeded demo shopper (the `app` project's specs only: they run one at a time). */
  demoPage: Page;
  /**
   * A verified page signed in as a shopper registered for this test alone: for specs that run beside the `app`
   * project (playwright.config.ts OWN_SHOPPERS), whose bag, language and follows the demo shopper's tests change.
   */
  shopperPage: Page;
}

interface ProductCard {
  id: number;
  title: string;
  unitPrice: number;
}
export interface ProductDetail extends ProductCard {
  stock: number;
  specs: { name: string; options: string[] }[];
}
interface BagView {
  shops: { items: { id: number }[] }[];
}

/** The data of a successful API answer; any refusal throws with its message. */
export const dataOf = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 1) throw new Error(`${response.url()} answered ${body.code} ${body.msg}`);
  return body.data;
};

/** The signed-in shopper's API, with the token the app keeps in its Admin-Token cookie. */
export const shopperApi = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('not signed in');
  const headers = { token: decodeURIComponent(cookie.value) };
  const get = async <T>(url: string) => dataOf<T>(await page.request.get(url, { headers }));
  const post = async <T>(url: string, data: unknown) => dataOf<T>(await page.request.post(url, { headers, data }));
  return { get, post };
};

export type ShopperApi = Awaited<ReturnType<typeof shopperApi>>;

/** Empties the bag, then puts `count` in-stock products in it (first option of each spec), selected. */
export const fillBag = async (
  api: ShopperApi,
  skip: number,
  count: number,
  minSpendCents = 2_000,
): Promise<ProductDetail[]> => {
  const bag = await api.get<BagView>('/api/bag');
  const itemIds = bag.shops.flatMap((shop) => shop.items.map((item) => item.id));
  if (itemIds.length > 0) await api.post('/api/bag/remove', { itemIds });
  const hot = await api.get<{ list: ProductCard[] }>('/api/catalogue/hot_products?page=1&pageSize=20');
  const chosen: ProductDetail[] = [];
  for (const card of hot.list.slice(skip)) {
    if (chosen.length === count) break;
    const product = await api.get<ProductDetail>(`/api/catalogue/product?id=${card.id}`);
    // Enough for a promo code's minimum spend (WELCOME10's $20 unless told) in one go.
    const quantity = Math.max(1, Math.ceil(minSpendCents / product.unitPrice));
    if (product.stock < quantity + 1) continue;
    const spec = Object.fromEntries(product.specs.map((s) => [s.name, s.options[0] ?? '']));
    await api.post('/api/bag/add', { productId: product.id, spec, quantity });
    chosen.push(product);
  }
  expect(chosen).toHaveLength(count);
  await api.post('/api/bag/select', { selected: true, all: true });
  return chosen;
};

/** The operator credential global-setup gives the server (the automation token). */
const adminToken = (): string => {
  const token = process.env.E2E_ADMIN_TOKEN;
  if (!token) throw new Error('E2E_ADMIN_TOKEN is not set: global-setup gives the server its operator credential');
  return token;
};

/**
 * The operator CLI (`npm run ops -- <args>`) against the e2e server, as an operator would run it; answers its
 * standard output. Run by the node entry that script ends in (tsx on server/src/cli/ops.ts, from the server's
 * folder as npm runs it), without the two npm processes in front of it.
 */
export const opsCli = async (...args: string[]): Promise<string> => {
  const root = path.resolve(__dirname, '..');
  const { stdout } = await run(path.join(root, 'node_modules', '.bin', 'tsx'), ['src/cli/ops.ts', ...args], {
    cwd: path.join(root, 'server'),
    env: { ...process.env, OPS_URL: process.env.E2E_BASE_URL, ADMIN_TOKEN: adminToken() },
  });
  return stdout;
};

/** An operator call through the admin API, answered with its `data`. */
export const operatorPost = async <T>(page: Page, url: string, data: unknown): Promise<T> =>
  dataOf<T>(await page.request.post(url, { headers: { 'admin-token': adminToken() }, data }));

/** An unpaid order of the signed-in shopper (a new address `to`, one in-stock product bought now), made through the API. */
export const unpaidOrder = async (
  api: ShopperApi,
  to: { addressee: string; mobilePhone: string; area: string; detailedAddress: string; tag: string } = {
    addressee: 'Test Shopper',
    mobilePhone: '+1 555 0102',
    area: 'Springfield',
    detailedAddress: '3 Main St',
    tag: 'home',
  },
): Promise<{ id: number; orderNo: string; total: number }> => {
  const address = await api.post<{ id: number }>('/api/user/address_add', to);
  const hot = await api.get<{ list: ProductCard[] }>('/api/catalogue/hot_products?page=1&pageSize=20');
  for (const { id } of hot.list) {
    const detail = await api.get<ProductDetail>(`/api/catalogue/product?id=${id}`);
    if (detail.stock < 2) continue;
    const spec = Object.fromEntries(detail.specs.map((s) => [s.name, s.options[0] ?? '']));
    const created = await api.post<{ orders: { id: number; orderNo: string; total: number }[] }>('/api/order/create', {
      buyNow: { productId: id, quantity: 1, spec },
      addressId: address.id,
    });
    const order = created.orders[0];
    if (order) return order;
  }
  throw new Error('no product in stock');
};

/**
 * The signed-in shopper's addresses; one who has none is first given the demo shopper's home address (the
 * one fact the account screens' tests also use).
 */
export const addressesOrHome = async (api: ShopperApi): Promise<{ id: number }[]> => {
  const addresses = await api.get<{ id: number }[]>('/api/user/address_list');
  if (addresses.length > 0) return addresses;
  const { id: _id, ...home } = homeAddress;
  await api.post('/api/user/address_add', home);
  return api.get<{ id: number }[]>('/api/user/address_list');
};

/** A bag holding one in-stock product, selected; returns the checkout path the bag would open. */
export const checkoutPath = async (page: Page): Promise<string> => {
  const api = await shopperApi(page);
  await fillBag(api, 0, 1);
  const bag = await api.get<BagView>('/api/bag');
  return `/checkout?items=${bag.shops.flatMap((shop) => shop.items.map((item) => item.id)).join(',')}`;
};

export const test = base.extend<Fixtures>({
  verifiedPage: async ({ page }, use) => {
    await page.goto('/');
    await passHumanVerification(page);
    await use(page);
  },
  demoPage: async ({ verifiedPage }, use, testInfo) => {
    // Specs beside the `app` project would race its tests over the demo shopper's bag, language and promo codes.
    if (testInfo.project.name !== 'app')
      throw new Error(`${testInfo.project.name} specs use shopperPage, not demoPage`);
    await login(verifiedPage, DEMO.account, DEMO.password);
    await use(verifiedPage);
  },
  shopperPage: async ({ verifiedPage }, use, testInfo) => {
    const account = `own_${testInfo.workerIndex}_${Date.now().toString(36)}`;
    await registerPatiently(verifiedPage, account, 'secret123');
    await login(verifiedPage, account, 'secret123');
    await use(verifiedPage);
  },
});

/**
 * The open page's next deployment manifest (it asks again every 20 s, shell/src/remotes/follow-deployment.ts)
 * that names `version` live for `remote`: how a rollback reaches an open tab.
 */
const manifestNamesLive = (page: Page, remote: string, version: string) =>
  page.waitForResponse(
    async (response) =>
      response.url().endsWith('/mfe/manifest.json') &&
      response.status() === 200 &&
      (await response.json().catch(() => null))?.remotes?.[remote]?.version === version,
    { timeout: 30_000 },
  );

/**
 * Runs `rollback` (which rolls `remote` back to `version`) and checks that each of the open `pages` learns of
 * it from the manifest it asks for again, within 30 s of the command.
 */
export const rollbackReachesOpenTabs = async (
  pages: readonly Page[],
  remote: string,
  version: string,
  rollback: () => Promise<unknown>,
): Promise<void> => {
  const seen = Promise.all(pages.map((page) => manifestNamesLive(page, remote, version)));
  const start = Date.now();
  await rollback();
  await seen;
  expect(Date.now() - start).toBeLessThan(30_000);
};
