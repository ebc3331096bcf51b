import { expect, test, type Page } from '../fixtures';

/** The back button ("返回") of an inner page or the Home tab ("首页") of a tab page. */
const chineseLabel = (page: Page) =>
  page
    .getByRole('button', { name: '返回', exact: true })
    .or(page.getByRole('link', { name: '首页', exact: true }))
    .first();

test.describe('languages', () => {
  test('switching to 简体中文 translates the UI without a reload, stores Local_Lang and the next API request carries lang: zh-cn', async ({
    demoPage: page,
  }) => {
    await page.goto('/language');
    await expect(page.getByRole('button', { name: 'Back' }).first()).toBeVisible();

    // A mark on the window survives only if the switch does not reload the page.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const cookieBefore = (await page.context().cookies()).find((c) => c.name === 'Local_Lang');
    await page.getByText('简体中文', { exact: true }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'Local_Lang');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toMatchObject({ file_name: 'zh-cn' });
    expect(cookie?.value).not.toBe(cookieBefore?.value);
    // Whether the picker stays open or returns to a tab page, its controls now read in Chinese.
    await expect(chineseLabel(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0);

    // An API call of the app (images under /api/images are plain <img> loads without headers).
    const nextApiRequest = page.waitForRequest((request) => {
      const { pathname } = new URL(request.url());
      return pathname.startsWith('/api/') && !pathname.startsWith('/api/images/') && request.resourceType() === 'fetch';
    });
    await page.reload();
    const request = await nextApiRequest;
    expect(request.headers()['lang']).toBe('zh-cn');
    expect(request.headers()['language']).toBe('zh-cn');
    // The choice is stored: the reloaded app is still in Chinese.
    await expect(chineseLabel(page)).toBeVisible();
  });
});
