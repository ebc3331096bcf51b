import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import {
  DEMO,
  expect,
  loginPatiently,
  passHumanVerificationPatiently,
  screenSettled,
  shopperApi,
  test,
  unpaidOrder,
  type Page,
} from '../fixtures';
import { seriousViolations } from '../axe';

/*
 * The shopper app review (docs/decisions/0009-shopper-app-review.md), across every area: on each main screen of the shopper's app, at 390×844 and
 * 320×640, nothing is wider than the viewport and no emoji is drawn; axe finds no serious or critical
 * violation while the screen is still loading (the API held back) nor once it has loaded; every control has
 * a hit area of at least 44×44 px. The screens are every route of every route module (read from their routes
 * files), the signed-out ones and the human check. Each test names the module that owns the screen, so a
 * failure says whose it is.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;
/** How long each API answer is held back for the cold-load scan (a slow mobile network). */
const API_DELAY_MS = 2_500;

/** The route module (remote) that owns a screen, named without its `mfe-` prefix. */
type Area = string;
interface Screen {
  path: string;
  area: Area;
}

/** The route modules: each publishes its routes from `src/expose/routes.ts` (docs/architecture.md). */
const ROUTE_MODULES = ['mfe-catalogue', 'mfe-orders', 'mfe-wallet', 'mfe-account'];

/**
 * Optional parameters are left out; these routes get the parameters or query that show a real screen
 * (`{order}`, `{orderNo}`: an order of the shopper's; `{bag}`: the bag's items). A route with a required
 * parameter and no entry here fails the sweep.
 */
const FILLED: Record<string, string> = {
  '/detail/:product?/:mer?': '/detail/1',
  '/shop/:id?': '/shop/1',
  '/orderInfo/:id?': '/orderInfo/{order}',
  '/refund/:id?/:sn?/:product_ids?/:amount?': '/refund/{order}/{orderNo}',
  '/payResult/:ids?': '/payResult/{order}',
  '/checkout': '/checkout?items={bag}',
  '/walletTopUp': '/walletTopUp?method=bank',
};
/** Screens seen only signed out (a signed-in shopper is sent on): measured by the signed-out test. */
const SIGNED_OUT = ['/login', '/register', '/forgotPassword'];
/** Screens a route's path alone does not reach: the other top-up methods' wording, an order tab. */
const EXTRA: Screen[] = [
  { path: '/walletTopUp?method=onChain', area: 'wallet' },
  { path: '/walletTopUp?method=manual', area: 'wallet' },
  { path: '/myPurchases/1', area: 'orders' },
];

/** The paths each route module publishes, read from its routes file: every screen, not a list kept here. */
const routePaths = (module: string): string[] =>
  [
    ...readFileSync(path.resolve(__dirname, '../..', module, 'src/expose/routes.ts'), 'utf8').matchAll(
      /\bpath: '([^']+)'/g,
    ),
  ].map((match) => match[1]!);

const SCREENS: Screen[] = [
  ...ROUTE_MODULES.flatMap((module) =>
    routePaths(module)
      .filter((route) => !SIGNED_OUT.includes(route))
      .map((route) => {
        const filled = FILLED[route] ?? route.replace(/\/:[^/]+\?/g, '');
        if (filled.includes(':')) throw new Error(`${route} needs parameters: add it to FILLED`);
        return { path: filled, area: module.replace(/^mfe-/, '') };
      }),
  ),
  ...EXTRA,
];

/**
 * The document's width, and when it is wider than the viewport, what sticks out past the right edge (the
 * widest three; elements inside a scrolling or clipping box, like a horizontal shelf, are that box's business).
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits =
      scrollWidth <= width
        ? []
        : [...document.querySelectorAll<HTMLElement>('body *')]
            .map((element) => ({ element, right: element.getBoundingClientRect().right }))
            .filter(
              ({ element, right }) => right > width + 1 && element.getClientRects().length > 0 && !clipped(element),
            )
            .sort((a, b) => b.right - a.right)
            .slice(0, 3)
            .map(
              ({ element, right }) =>
                `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} → ${Math.round(right)}px`,
            );
    return { width, scrollWidth, culprits };
  });

const emoji = (page: Page) =>
  page.evaluate(() => [...new Set(document.body.innerText.match(/\p{Extended_Pictographic}/gu) ?? [])]);

/**
 * Controls whose hit area is under 44×44 px: the centre and four points 21 px out from it must all land on
 * the control (or inside it), so a ::before that widens the hit area counts and a neighbour on top does not.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [tabindex="0"]';
    const found: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>(selector)) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || control.closest('[aria-hidden=true], [inert]')) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
      // A radio or checkbox is tapped through its labels (the row a shopper sees): any one of them
      // that is a 44 px target will do; anything else is its own target.
      const choice = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
      const labels = choice && control.labels ? [...control.labels] : [];
      const fits = (target: HTMLElement) => {
        target.scrollIntoView({ block: 'center', inline: 'center' });
        const rect = target.getBoundingClientRect();
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        const inside = [
          [x, y],
          [x - 21, y],
          [x + 21, y],
          [x, y - 21],
          [x, y + 21],
        ].every(([px, py]) => {
          const at = document.elementFromPoint(px!, py!);
          return !!at && (target.contains(at) || control.contains(at));
        });
        return { inside, rect };
      };
      const tried = [control, ...labels].map(fits);
      const hits = tried.some((t) => t.inside);
      const rect = tried[0]!.rect;
      if (!hits) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
        found.push(`${control.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return found;
  });

let page: Page;
/** What each screen got wrong, `area path: problem`; the last test fails with all of them. */
const findings: string[] = [];
const note = (screen: string, problems: string[]) => {
  for (const problem of problems) {
    findings.push(`${screen}: ${problem}`);
    console.log(`FINDING ${screen}: ${problem}`);
  }
};
let order = 0;
let orderNo = '';
let bagItems = '';

const signedInPage = async (browser: Browser) => {
  const context = await browser.newContext({ viewport: VIEWPORTS[0], locale: 'en-US' });
  const fresh = await context.newPage();
  await passHumanVerificationPatiently(fresh);
  await loginPatiently(fresh, DEMO.account, DEMO.password);
  return fresh;
};

const resolve = (screenPath: string) =>
  screenPath
    .replace('{order}', String(order))
    .replace('{orderNo}', encodeURIComponent(orderNo))
    .replace('{bag}', bagItems);

/**
 * The screen itself is drawn while its data is still on the way: the shell's spinners have given way to the
 * screen's own content (its loading state), or, for a screen that waits for the API before it draws, the
 * moment half an API answer's delay into the load.
 */
const screenDrawn = async (target: Page) => {
  await target
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        return !!main && !main.querySelector('.shell-area-loading') && main.innerText.trim() !== '';
      },
      undefined,
      { timeout: API_DELAY_MS / 2 },
    )
    .catch(() => undefined);
};

/** Width, emoji and (for the account area) hit areas of the screen as drawn now at `viewport`. */
const checkLayout = async (target: Page, where: string, viewport: (typeof VIEWPORTS)[number], targets: boolean) => {
  const wide = await overflow(target);
  if (wide.scrollWidth > wide.width) {
    note(where, [`${wide.scrollWidth}px wide at ${viewport.width}px: ${wide.culprits.join('; ')}`]);
  }
  note(
    where,
    (await emoji(target)).map((char) => `emoji ${char} at ${viewport.width}px`),
  );
  if (targets) {
    note(
      where,
      (await smallTargets(target)).map((control) => `under 44×44 at ${viewport.width}px: ${control}`),
    );
  }
};

test.describe('layout sweep (docs/decisions/0009-shopper-app-review.md): width, emoji and axe on every main screen', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(400_000);
    page = await signedInPage(browser);
    const api = await shopperApi(page);
    const orders = await api.get<{ list: { id: number; orderNo: string }[] }>(
      '/api/user/order_list?status=all&page=1&pageSize=1',
    );
    // The shopper's own order (a fresh database has none): another's would only say 'This order does not exist'.
    ({ id: order, orderNo } = orders.list[0] ?? (await unpaidOrder(api)));
    const hot = await api.get<{ list: { id: number }[] }>('/api/catalogue/hot_products?page=1&pageSize=5');
    for (const { id } of hot.list) {
      const detail = await api.get<{ stock: number; specs: { name: string; options: string[] }[] }>(
        `/api/catalogue/product?id=${id}`,
      );
      if (detail.stock < 1) continue;
      const spec = Object.fromEntries(detail.specs.map((s) => [s.name, s.options[0] ?? '']));
      await api.post('/api/bag/add', { productId: id, spec, quantity: 1 });
      break;
    }
    const bag = await api.get<{ shops: { items: { id: number }[] }[] }>('/api/bag');
    bagItems = bag.shops.flatMap((shop) => shop.items.map((item) => item.id)).join(',');
  });
  test.afterAll(async () => {
    await page?.context().close();
  });

  for (const screen of SCREENS) {
    test(`${screen.area}: ${screen.path}`, async () => {
      test.setTimeout(120_000);
      const path = resolve(screen.path);
      const where = `${screen.area} ${screen.path}`;

      // Cold load at 390 px: every API answer held back (at most API_DELAY_MS), axe runs on what is drawn
      // meanwhile; then the held answers go on at once, there being nothing more to see while they wait.
      await page.setViewportSize(VIEWPORTS[0]);
      const held: Array<() => void> = [];
      await page.route('**/api/**', async (route) => {
        await new Promise<void>((done) => {
          held.push(done);
          setTimeout(done, API_DELAY_MS);
        });
        await route.continue().catch(() => undefined);
      });
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await screenDrawn(page);
      note(
        where,
        (await seriousViolations(page)).map((v) => `axe while loading: ${v}`),
      );
      await page.unroute('**/api/**');
      for (const answer of held) answer();
      await screenSettled(page);
      note(
        where,
        (await seriousViolations(page)).map((v) => `axe once loaded: ${v}`),
      );

      // The loaded screen at 390 px is the one just scanned; the narrow viewport gets a load of its own.
      await checkLayout(page, where, VIEWPORTS[0], true);
      await page.setViewportSize(VIEWPORTS[1]);
      await page.goto(path);
      await screenSettled(page);
      await checkLayout(page, where, VIEWPORTS[1], true);
    });
  }

  test('signed out: the human check, /login, /register, /forgotPassword (width, emoji, targets, axe)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const anonymous = await context.newPage();
    test.setTimeout(400_000);
    for (const viewport of VIEWPORTS) {
      await anonymous.setViewportSize(viewport);
      await anonymous.goto('/login');
      await anonymous.locator('altcha-widget input[type=checkbox]').waitFor({ timeout: 60_000 });
      await checkLayout(anonymous, 'shell human check', viewport, true);
    }
    await passHumanVerificationPatiently(anonymous);
    for (const screenPath of SIGNED_OUT) {
      const where = `account ${screenPath}`;
      for (const viewport of VIEWPORTS) {
        await anonymous.setViewportSize(viewport);
        await anonymous.goto(screenPath);
        await screenSettled(anonymous);
        await checkLayout(anonymous, where, viewport, true);
        note(
          where,
          (await seriousViolations(anonymous)).map((v) => `axe: ${v}`),
        );
      }
    }
    await context.close();
  });

  // The verdict: every finding above, in one list (each screen's test records rather than fails, so
  // one run shows them all).
  test('no screen has any of these problems', () => {
    expect(findings).toEqual([]);
  });
});
