import { expect, scrollPast, tab, test, type Page } from '../fixtures';

/** Marks the element that scrolled (the page or a view's own container) to read it again later. */
const MARKER = 'data-e2e-scrolled';

const markScrolledElement = (page: Page): Promise<number> =>
  page.evaluate((marker) => {
    const scrolled = [document.scrollingElement, ...document.querySelectorAll('body *')]
      .filter((el): el is Element => el !== null && el.scrollTop > 0)
      .sort((a, b) => b.scrollTop - a.scrollTop)[0];
    scrolled?.setAttribute(marker, '');
    return scrolled?.scrollTop ?? 0;
  }, MARKER);

const markedScrollTop = (page: Page): Promise<number> =>
  page.evaluate((marker) => document.querySelector(`[${marker}]`)?.scrollTop ?? -1, MARKER);

test.describe('kept-alive views', () => {
  test('Home keeps its scroll position after a visit to Explore through the tab bar', async ({
    verifiedPage: page,
  }) => {
    await tab(page, 'Home').click();
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();

    await page.mouse.move(195, 400);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => markScrolledElement(page), { message: 'Home scrolls down' }).toBeGreaterThan(50);
    const scrolled = await markedScrollTop(page);

    await tab(page, 'Explore').click();
    await expect(page).toHaveURL(/\/explore$/);
    await tab(page, 'Home').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();

    await expect.poll(() => markedScrollTop(page).then((top) => Math.abs(top - scrolled))).toBeLessThanOrEqual(5);
  });

  test('the first page (/index) and the Home tab (/home) are one Home: not loaded again, its scroll kept', async ({
    verifiedPage: page,
  }) => {
    // verifiedPage opened '/', which goes to /index (requirements: / redirects to /index).
    await expect(page).toHaveURL(/\/index$/);
    const products = page.getByRole('list', { name: 'Hot products' });
    await expect(products.getByRole('link').first()).toBeVisible();
    const firstPages: string[] = [];
    page.on('request', (request) => {
      if (/\/hot_products\?(.*&)?page=1(&|$)/.test(request.url())) firstPages.push(request.url());
    });

    const scrolled = await scrollPast(page, 600);

    await tab(page, 'Home').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(products.getByRole('link').first()).toBeVisible();
    // A second Home would start from its skeleton at the top and ask for its first page again.
    await page.waitForTimeout(1_000);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);
    expect(firstPages).toEqual([]);
    await expect(page.getByRole('list', { name: 'Hot products' })).toHaveCount(1);
  });
});
