import { DEMO, expect, login, passHumanVerification, tab, test } from '../fixtures';

/**
 * Every request the browser sends to the API carries `lang` and `language` (requirements: "Headers: lang
 * and language"): the shared base query's, the upload's, the human check's and the field-health reporter's
 * (its config and its reports) alike. Pictures (`<img>` loads of /api/images and /api/upload) cannot carry
 * headers and are left out.
 */
test('every /api/ request of a browser session carries lang and language', async ({ page }) => {
  const seen: { path: string; type: string; lang?: string; language?: string }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/') || request.resourceType() === 'image') return;
    const headers = request.headers();
    seen.push({ path: pathname, type: request.resourceType(), lang: headers.lang, language: headers.language });
  });
  await page.goto('/');
  await passHumanVerification(page);
  await login(page, DEMO.account, DEMO.password);
  for (const name of ['Explore', 'Bag', 'Me', 'Home']) {
    await tab(page, name).click();
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  }
  // The reporter loads within 5 s of the first screen, asks its config, then reports on pagehide.
  await expect.poll(() => seen.some((r) => r.path === '/api/telemetry/config'), { timeout: 15_000 }).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await page.goto('/explore');
  await expect.poll(() => seen.length, { timeout: 15_000 }).toBeGreaterThan(10);

  const missing = seen.filter((r) => !r.lang || !r.language || r.lang !== r.language);
  expect(missing).toEqual([]);
  expect(seen.map((r) => r.path)).toEqual(
    expect.arrayContaining(['/api/verification/challenge', '/api/user/login', '/api/telemetry/config']),
  );
});
