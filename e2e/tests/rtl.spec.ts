import { checkoutPath, expect, screenSettled, test, type Page } from '../fixtures';

/*
 * Languages (requirements §9): Arabic (`ar`) and Urdu (`pk`) lay the app out right to left. On Home, product
 * detail, bag, checkout and profile: `<html dir="rtl">`, the page does not scroll sideways, no
 * visible element reaches past the viewport, the back arrow points right, and a screenshot of each
 * screen is attached to the report (and kept under test-results).
 */

const LANGUAGES = [
  { file_name: 'ar', language_name: 'العربية', chinese_name: '阿拉伯语', htmlLang: 'ar' },
  { file_name: 'pk', language_name: 'اردو', chinese_name: '乌尔都语', htmlLang: 'ur' },
] as const;

const useLanguage = async (page: Page, language: (typeof LANGUAGES)[number]) => {
  const { origin } = new URL(page.url());
  const { file_name, language_name, chinese_name } = language;
  await page.context().addCookies([
    {
      name: 'Local_Lang',
      value: encodeURIComponent(JSON.stringify({ language_name, chinese_name, file_name })),
      url: origin,
    },
  ]);
};

/** Visible elements whose box reaches past the viewport's sides (fixed overlays included). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Content scrolled inside its own box (a horizontal tab strip, a strip of shops) may run on.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip') {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
        found.push(`${name} [${Math.round(box.left)}, ${Math.round(box.right)}] of ${width}`);
      }
    }
    return found.slice(0, 10);
  });

for (const language of LANGUAGES) {
  test(`${language.file_name}: Home, detail, bag, checkout and profile lay out right to left without overflow`, async ({
    shopperPage: page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    const checkout = await checkoutPath(page);
    // [name, path, whether the screen has a back arrow (inner pages; tab roots have none)]
    const screens = [
      ['home', '/home', false],
      ['detail', '/detail/1', true],
      ['bag', '/bag', false],
      ['checkout', checkout, true],
      ['profile', '/profile', false],
    ] as const;
    for (const [name, path, hasBack] of screens) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', language.htmlLang);
      // Images and fonts settle before measuring.
      await screenSettled(page);
      await expect(page.locator('main, [role="main"], h1').first()).toBeVisible();

      const file = testInfo.outputPath(`rtl-${language.file_name}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${language.file_name} ${name}`, { path: file, contentType: 'image/png' });

      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(innerWidth);
      expect(await overflowing(page), `${path}: elements past the viewport`).toEqual([]);

      // Inner pages: the back arrow points right (mirrored), at the start (right) side of the header.
      const back = page.locator('.adm-nav-bar-back').first();
      if (hasBack) {
        await expect(back, `${path}: no back arrow`).toBeVisible();
        const transform = await back
          .locator('svg')
          .evaluate((svg) => getComputedStyle(svg.closest('.adm-nav-bar-back-arrow') ?? svg).transform);
        expect(transform, `${path}: back arrow is not mirrored`).toMatch(/^matrix\(-1, 0, 0, 1/);
        const header = await page.locator('.adm-nav-bar').first().boundingBox();
        const box = await back.boundingBox();
        if (!header || !box) throw new Error(`${path}: the header or the back arrow has no box`);
        expect(box.x + box.width / 2, `${path}: back control is not on the right`).toBeGreaterThan(
          header.x + header.width / 2,
        );
      }
    }
  });
}
