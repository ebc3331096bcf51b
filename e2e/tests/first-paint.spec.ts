import { expect, test, verificationHeading, type Page } from '../fixtures';

/** Records, from the first byte of each page, what the first-paint layer showed and any policy violation. */
const watchFirstPaint = async (page: Page) => {
  await page.addInitScript(() => {
    const seen = {
      layerImages: 0,
      layerTitles: [] as string[],
      productTitle: '',
      gateTitle: '',
      shownTogether: false,
      /** Whether the screen had drawn its products when the layer went (null: not gone yet). */
      handedOver: null as boolean | null,
      violations: [] as string[],
    };
    let layerSeen = false;
    (window as unknown as { __firstPaintSeen: typeof seen }).__firstPaintSeen = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(event.violatedDirective));
    new MutationObserver(() => {
      const layer = document.getElementById('first-paint');
      if (!layer) {
        if (layerSeen && seen.handedOver === null)
          seen.handedOver = !!document.querySelector('#root a[href^="/detail/"], #root #catalogue-detail-title');
        return;
      }
      layerSeen = true;
      seen.gateTitle ||= layer.querySelector('.first-paint__title')?.textContent ?? '';
      seen.productTitle ||= layer.querySelector('.first-paint__product-title')?.textContent ?? '';
      const images = layer.querySelectorAll('img').length;
      if (images > seen.layerImages) {
        seen.layerImages = images;
        seen.layerTitles = [...layer.querySelectorAll('li span')].map((title) => title.textContent ?? '');
      }
      if (document.querySelector('#root a[href^="/detail/"], #root #catalogue-detail-title')) seen.shownTogether = true;
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
            productTitle: string;
            gateTitle: string;
            shownTogether: boolean;
            handedOver: boolean | null;
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
    expect(seen.handedOver).toBe(true);
    // The first paint and the screen both asked, and at most one of them reached the server: the other was
    // answered by the browser's cache (both were, when the check's own Home visit had just filled it).
    expect(hotProductAnswers.length).toBeGreaterThanOrEqual(2);
    expect(hotProductAnswers.filter((answer) => !answer.fromCache).length).toBeLessThanOrEqual(1);
  });

  test("a verified shopper opening the bare address gets Home's first paint, kept through the shell's redirect until Home draws", async ({
    verifiedPage: page,
  }) => {
    await watchFirstPaint(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/(index|home)$/);
    await expect(page.getByRole('list', { name: 'Hot products' }).getByRole('link').first()).toBeVisible();
    await expect(page.locator('#first-paint')).toHaveCount(0);
    const seen = await seenOf(page);
    expect(seen.violations).toEqual([]);
    expect(seen.layerImages).toBeGreaterThanOrEqual(2);
    // Taken away by the Home screen drawing its products, not by the shell's redirect from `/`.
    expect(seen.handedOver).toBe(true);
    expect(seen.shownTogether).toBe(false);
  });

  test("a verified shopper's product page shows the product's picture and title from index.html, then the detail screen takes over, with one product request", async ({
    verifiedPage: page,
  }) => {
    const hot = (await (await page.request.get('/api/catalogue/hot_products?page=1&pageSize=1')).json()) as {
      data: { list: { id: number; title: string }[] };
    };
    const product = hot.data.list[0];
    if (!product) throw new Error('no product to open');
    await watchFirstPaint(page);
    const productRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/catalogue/product?')) productRequests.push(request.url());
    });

    await page.goto(`/detail/${product.id}`);
    await expect(page.getByRole('heading', { name: product.title, exact: true })).toBeVisible();
    await expect(page.locator('#first-paint')).toHaveCount(0);

    const seen = await seenOf(page);
    expect(seen.violations).toEqual([]);
    expect(seen.layerImages).toBe(1);
    expect(seen.productTitle).toBe(product.title);
    expect(seen.shownTogether).toBe(false);
    expect(seen.handedOver).toBe(true);
    // The picture and title came with the page: the only product request is the screen's own (one view).
    expect(productRequests).toHaveLength(1);
  });

  test("a first-time shopper on a product's page gets the human check's texts, never the product", async ({ page }) => {
    await watchFirstPaint(page);
    await page.goto('/detail/1');
    await expect(verificationHeading(page)).toBeVisible();
    const seen = await seenOf(page);
    expect(seen.gateTitle).toBe('Please verify you are human');
    expect(seen.layerImages).toBe(0);
    expect(seen.productTitle).toBe('');
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
