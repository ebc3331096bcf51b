import { expect, test, verificationHeading, type Page } from '../fixtures';

/** Records, from the first byte of each page, what the first-paint layer showed and any policy violation. */
const watchFirstPaint = async (page: Page) => {
  await page.addInitScript(() => {
    const seen = {
      layerImages: 0,
      layerTitles: [] as string[],
      gateTitle: '',
      shownTogether: false,
      violations: [] as string[],
    };
    (window as unknown as { __firstPaintSeen: typeof seen }).__firstPaintSeen = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(event.violatedDirective));
    new MutationObserver(() => {
      const layer = document.getElementById('first-paint');
      if (!layer) return;
      seen.gateTitle ||= layer.querySelector('.first-paint__title')?.textContent ?? '';
      const images = layer.querySelectorAll('img').length;
      if (images > seen.layerImages) {
        seen.layerImages = images;
        seen.layerTitles = [...layer.querySelectorAll('li span')].map((title) => title.textContent ?? '');
      }
      if (document.querySelector('#root a[href^="/detail/"]')) seen.shownTogether = true;
    }).observe(document, { childList: true, subtree: true });
  });
};

const seenOf = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __firstPaintSeen: {
            layerImages: number;
            layerTitles: string[];
            gateTitle: string;
            shownTogether: boolean;
            violations: string[];
          };
        }
      ).__firstPaintSeen,
  );

test.describe('first paint before the bundles', () => {
  test("a verified shopper's Home shows the hot products from index.html, then the Home screen takes over with the same products and the same request", async ({
    verifiedPage: page,
  }) => {
    await watchFirstPaint(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const hotProductAnswers: { fromCache: boolean }[] = [];
    cdp.on('Network.responseReceived', ({ response }) => {
      if (response.url.includes('/api/catalogue/hot_products?page=1&pageSize=20')) {
        hotProductAnswers.push({ fromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache) });
      }
    });

    await page.goto('/home');
    const products = page.getByRole('list', { name: 'Hot products' }).getByRole('link');
    await expect(products.first()).toBeVisible();
    await expect(page.locator('#first-paint')).toHaveCount(0);

    const seen = await seenOf(page);
    expect(seen.violations).toEqual([]);
    expect(seen.layerImages).toBeGreaterThanOrEqual(2);
    // The layer drew the same first products the screen now shows, and never at the same time as the screen.
    await expect(products.first()).toContainText(seen.layerTitles[0] ?? '<none>');
    expect(seen.shownTogether).toBe(false);
    // One trip to the server: the screen's own request was answered by the browser's cache.
    expect(hotProductAnswers.filter((answer) => !answer.fromCache)).toHaveLength(1);
  });

  test("a first-time shopper gets the human check's texts from index.html, then the check itself, never the products", async ({
    page,
  }) => {
    await watchFirstPaint(page);
    await page.goto('/home');
    await expect(verificationHeading(page)).toBeVisible();
    const seen = await seenOf(page);
    expect(seen.gateTitle).toBe('Please verify you are human');
    expect(seen.layerImages).toBe(0);
    expect(seen.violations).toEqual([]);
    await expect(page.locator('#first-paint')).toHaveCount(0);
  });
});
