import {
  expect as baseExpect,
  loginPatiently,
  operatorPost,
  passHumanVerificationPatiently,
  registerPatiently,
  shopperApi,
  tabBar,
  test,
  unpaidOrder,
  type Page,
  type ProductDetail,
  type ShopperApi,
  verificationHeading,
} from '../fixtures';
import { seriousViolations } from '../axe';

/** The 2 cores are shared with other runs: waits are generous, each assertion still has to come true. */
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * The shopper's app after its second review: ratings that are their reviews, the picture viewer and the
 * review sheet that close four ways (back stays on the product), orders that say "Shipped" until delivery
 * is recorded, a payment result screen, the withdrawal's next steps and language names. Real server,
 * real Chromium, a 390×844 phone screen.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PAYMENT_CODE = '246810';

/** A shopper of its own with a payment code and $1,000 from an operator; their API. */
const newShopper = async (page: Page, prefix: string): Promise<ShopperApi> => {
  await passHumanVerificationPatiently(page);
  const account = `${prefix}_${Date.now().toString(36)}`;
  await registerPatiently(page, account, 'secret123');
  await loginPatiently(page, account, 'secret123');
  const api = await shopperApi(page);
  await api.post('/api/user/resetPay', { paymentCode: PAYMENT_CODE, confirmPaymentCode: PAYMENT_CODE });
  await operatorPost(page, '/api/admin/balance/adjust', { account, amount: 100_000, reason: 'e2e review' });
  return api;
};

/** A hot product with more reviews than the product page shows (so "See all" has more), and several pictures. */
type Reviewed = ProductDetail & { images: string[]; rating: { count: number } };

const reviewedProduct = async (page: Page): Promise<Reviewed> => {
  const get = async <T>(url: string) => ((await (await page.request.get(url)).json()) as { data: T }).data;
  const hot = await get<{ list: { id: number }[] }>('/api/catalogue/hot_products?page=1&pageSize=40');
  for (const { id } of hot.list) {
    const product = await get<Reviewed>(`/api/catalogue/product?id=${id}`);
    if (product.rating.count > 3 && product.images.length > 1) return product;
  }
  throw new Error('no reviewed product among the hot products');
};

test.describe('the human check once per browser', () => {
  test('a second tab of a verified browser opens without the check, and its sign-up is accepted', async ({
    verifiedPage: page,
  }) => {
    const second = await page.context().newPage();
    await second.goto('/home');
    await expect(tabBar(second)).toBeVisible();
    await expect(verificationHeading(second)).toHaveCount(0);
    // The new tab holds no token of its own (sessionStorage is per tab): the server passes it by the device cookie.
    expect(await second.evaluate(() => sessionStorage.getItem('humanVerification'))).toBeNull();
    const account = `tab2_${Date.now().toString(36)}`;
    await registerPatiently(second, account, 'secret123');
    await loginPatiently(second, account, 'secret123');
    await expect(verificationHeading(second)).toHaveCount(0);
    await second.close();
  });
});

test.describe('ratings are their reviews', () => {
  test('the product page shows reviews and its count equals the review list', async ({ verifiedPage: page }) => {
    const product = await reviewedProduct(page);
    await page.goto(`/detail/${product.id}`);
    const count = product.rating.count;
    const ratings = page.getByRole('button', { name: `Ratings (${count}) See all` });
    await expect(ratings).toBeVisible();
    // Two or three of the reviews on the page itself, "See all" under them.
    const reviews = page.getByRole('region', { name: 'Reviews' });
    // (A review's pictures are a list of their own inside it.)
    await expect(reviews.locator('.catalogue-review')).toHaveCount(3);
    await reviews.getByRole('button', { name: 'See all' }).click();
    const sheet = page.getByRole('dialog', { name: `Ratings (${count})` });
    await expect(sheet.getByRole('radio', { name: new RegExp(`^All \\(${count}\\)`) })).toBeVisible();
    await expect(sheet.getByText('No reviews match this filter')).toHaveCount(0);
    await expect(sheet.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the picture viewer and the review sheet close four ways', () => {
  const openViewer = async (page: Page, product: ProductDetail) => {
    await page.getByRole('button', { name: `Picture 1 of ${product.title}` }).click();
    await expect(page.locator('.adm-image-viewer-content')).toBeVisible();
  };
  const viewerClosed = async (page: Page, product: ProductDetail) => {
    await expect(page.locator('.adm-image-viewer-content')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/detail/${product.id}$`));
  };

  test('close button, tap beside the picture, Escape and back (which stays on the product)', async ({
    verifiedPage: page,
  }) => {
    const product = await reviewedProduct(page);
    await page.goto('/home');
    await page.goto(`/detail/${product.id}`);

    await openViewer(page, product);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await viewerClosed(page, product);

    await openViewer(page, product);
    // The dark band above the picture: the picture is as wide as the screen, centred in its height.
    await page.mouse.click(195, 40);
    await viewerClosed(page, product);

    await openViewer(page, product);
    await page.keyboard.press('Escape');
    await viewerClosed(page, product);

    await openViewer(page, product);
    await page.goBack();
    await viewerClosed(page, product);
    await expect(page.getByRole('button', { name: `Picture 1 of ${product.title}` })).toBeVisible();

    // The review sheet: Escape, then back, each leaves the shopper on the product.
    const sheet = page.getByRole('dialog', { name: `Ratings (${product.rating.count})` });
    await page.getByRole('button', { name: /^Ratings \(\d+\) See all$/ }).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: /^Ratings \(\d+\) See all$/ }).click();
    await expect(sheet).toBeVisible();
    await page.goBack();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/detail/${product.id}$`));
  });
});

test.describe('orders, payment and withdrawal say what happened and what next', () => {
  test('a paid order shows the result screen, then reads "Shipped" with its tracking until delivered', async ({
    page,
  }) => {
    const api = await newShopper(page, 'result');
    const order = await unpaidOrder(api);
    await page.goto(`/orderInfo/${order.id}`);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const popup = page.getByRole('form', { name: 'Pay with balance' });
    await popup.getByLabel('Payment code').fill(PAYMENT_CODE);
    await popup.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/payResult/${order.id}$`));
    await expect(page.getByRole('heading', { name: 'Pay Success' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Payment summary' });
    await expect(summary.getByText(`Order No. ${order.orderNo}`)).toBeVisible();
    await expect(summary).toContainText('Balance left');
    await expect(page.getByRole('button', { name: 'Keep shopping' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'View order' }).click();
    await expect(page).toHaveURL(new RegExp(`/orderInfo/${order.id}$`));

    await operatorPost(page, '/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: `JD${order.id}` });
    await page.goto('/myPurchases/2');
    await expect(page.getByRole('tab', { name: 'Delivered' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('article', { name: `Order No. ${order.orderNo}` });
    await expect(card).toContainText('Shipped');
    await expect(card).toContainText(`DHL, tracking number JD${order.id}`);
    await expect(card).not.toContainText('Delivered');

    await operatorPost(page, '/api/admin/order/deliver', { id: order.id });
    await page.reload();
    await expect(card).toContainText('Delivered');
    await expect(card).toContainText(`DHL, tracking number JD${order.id}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('after "Withdrawal Success" the records say what happens next and when', async ({ page }) => {
    await newShopper(page, 'drawer');
    await page.goto('/withDraw');
    await page.getByLabel('Withdrawal amount ($)').fill('10');
    await page.getByLabel('Bank card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Bank name').fill('Springfield Bank');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const confirm = page.getByRole('form', { name: 'Confirm withdrawal' });
    await confirm.getByLabel('Payment code').fill(PAYMENT_CODE);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Withdrawal Success', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/depositRecord$/);
    await expect(page.getByRole('article').first()).toContainText('Auditing');
    await expect(page.getByRole('status').filter({ hasText: 'being reviewed' })).toContainText(
      'You get a notification as soon as it is decided',
    );
  });
});

test.describe('the refund form marks what is missing', () => {
  test("each missing field is marked beside the requirements' sentence", async ({ page }) => {
    const api = await newShopper(page, 'refunder');
    const order = await unpaidOrder(api);
    await api.post('/api/order/pay', { orderIds: [order.id], paymentCode: PAYMENT_CODE });
    await page.goto(`/refund/${order.id}/${order.orderNo}`);
    const form = page.getByRole('form', { name: 'Apply for refund' });
    await form.getByLabel('Refund amount ($)').fill('');
    await form.getByRole('button', { name: 'Submit' }).click();
    const sentence = 'Please fill in the refund amount, reason, explanation, area, detailed address and tag';
    await expect(form.getByRole('alert').filter({ hasText: sentence })).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: /^Required$/ })).toHaveCount(2);
    // Once the toast with the same sentence has gone, only the marks stay (axe on the form, not the toast).
    await expect(page.getByText(sentence)).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Choosing a reason from the list takes its mark away.
    await form.getByRole('radio', { name: 'Arrived damaged' }).check();
    await expect(form.getByRole('alert').filter({ hasText: /^Required$/ })).toHaveCount(1);
  });
});

test.describe('languages by their own names', () => {
  test('the login page lists each language by its own name and its English name, no Chinese names', async ({
    verifiedPage: page,
  }) => {
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Language' });
    const box = await button.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await button.click();
    const list = page.getByRole('radiogroup', { name: 'Language' });
    await expect(list.getByRole('radio', { name: 'Deutsch', exact: true })).toBeVisible();
    await expect(list).toContainText('German');
    await expect(list).toContainText('Japanese');
    await expect(list).not.toContainText('英语');
    await expect(list).not.toContainText('德语');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
