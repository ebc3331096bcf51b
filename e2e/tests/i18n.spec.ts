import { expect, test } from '../fixtures';

test.describe('languages', () => {
  test('switching to 简体中文 translates the UI and the next API request carries lang: zh-cn', async ({
    demoPage: page,
  }) => {
    await page.goto('/language');
    await expect(page.getByRole('button', { name: 'Back' }).first()).toBeVisible();

    await page.getByText('简体中文', { exact: true }).first().click();
    await expect(page.getByRole('button', { name: '返回' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    const nextApiRequest = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/'));
    await page.reload();
    const request = await nextApiRequest;
    expect(request.headers()['lang']).toBe('zh-cn');
    expect(request.headers()['language']).toBe('zh-cn');
    // The choice is stored: the reloaded app is still in Chinese.
    await expect(page.getByRole('button', { name: '返回' }).first()).toBeVisible();
  });
});
