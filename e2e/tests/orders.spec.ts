import {
  addressesOrHome,
  dataOf,
  DEMO,
  expect,
  fillBag,
  shopperApi,
  test,
  type Page,
  type ShopperApi,
} from '../fixtures';

/*
 * The orders journeys (requirements §7) as a shopper lives them, with the operator's part (ship, refund decision) done
 * through the admin API with the credential global-setup gives the server.
 */

const adminToken = (): string => {
  const token = process.env.E2E_ADMIN_TOKEN;
  if (!token) throw new Error('E2E_ADMIN_TOKEN is not set: global-setup gives the server its operator credential');
  return token;
};

const operator = (page: Page) => ({
  post: async <T>(url: string, data: unknown) =>
    dataOf<T>(await page.request.post(url, { headers: { 'admin-token': adminToken() }, data })),
});

const orderCard = (page: Page, orderNo: string) => page.getByRole('article', { name: `Order No. ${orderNo}` });

/** Bag → checkout → (address) → submit → pay with the payment code; returns the paid order. */
const checkoutAndPay = async (page: Page, api: ShopperApi, promoCode?: string) => {
  await page.goto('/bag');
  await page.getByRole('button', { name: /^Checkout \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/checkout\?items=/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  if (promoCode) {
    await page.getByLabel('Promo code').fill(promoCode);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`Promo code ${promoCode} applied:`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Submit order' }).click();
  await expect(page.getByText('Create Order Success', { exact: true })).toBeVisible();
  const popup = page.getByRole('form', { name: 'Pay with balance' });
  await popup.getByLabel('Payment code').fill(DEMO.paymentCode);
  await popup.getByRole('button', { name: 'Pay' }).click();
  // The payment result: "Pay Success", then the orders to ship.
  await expect(page).toHaveURL(/\/payResult\/[\d,]+$/);
  await expect(page.getByRole('heading', { name: 'Pay Success' })).toBeVisible();
  await page.goto('/myPurchases/1');
  const toShip = await api.get<{ list: { id: number; orderNo: string; total: number }[] }>(
    '/api/user/order_list?status=1&page=1&pageSize=1',
  );
  const order = toShip.list[0];
  if (!order) throw new Error('the paid order is not in "to ship"');
  await expect(orderCard(page, order.orderNo)).toBeVisible();
  return order;
};

test.describe('orders (requirements §7)', () => {
  test('bag → checkout → address → promo → pay → ship → logistics → confirm → review → rating on the product', async ({
    demoPage: page,
  }, testInfo) => {
    // Ten screens and an operator's shipment: three times the default time on the shared cores.
    test.slow();
    // WELCOME10 is once per shopper: a retry after a first try that got past "Submit order" uses SAVE5 ($5 from $30).
    const promoCode = testInfo.retry === 0 ? 'WELCOME10' : 'SAVE5';
    const api = await shopperApi(page);
    const [product] = await fillBag(api, 0, 1, 3_000);
    if (!product) throw new Error('no product');

    // No address yet: submitting asks for one; the shopper adds one from checkout and picks it.
    await page.goto('/bag');
    await page.getByRole('button', { name: /^Checkout \(\d+\)$/ }).click();
    const addresses = await api.get<unknown[]>('/api/user/address_list');
    if (addresses.length === 0) {
      await page.getByRole('button', { name: 'Submit order' }).click();
      await expect(page.getByText('Please choose shipping address', { exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: /^(Choose|Change) address$/ }).click();
    await expect(page).toHaveURL(/\/address\?select=1/);
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Please fill in the refund amount, reason, explanation, area, detailed address and tag'),
    ).toBeVisible();
    await page.getByLabel('Addressee').fill('Mei Chen');
    await page.getByLabel('Mobile phone').fill('+1 555 0100');
    await page.getByLabel('Area').fill('Springfield');
    await page.getByLabel('Detailed address').fill('1 Main St');
    await page.getByLabel('Tag').fill('Home');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Save successful', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/address\?select=1/);
    await page.getByRole('button', { name: 'Ship to Mei Chen' }).first().click();
    await expect(page).toHaveURL(/\/checkout\?items=/);
    await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('Mei Chen');

    // A promo code the server refuses, then one it accepts.
    await page.getByLabel('Promo code').fill('EXPIRED2025');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This promo code has expired', { exact: true })).toBeVisible();

    const order = await checkoutAndPay(page, api, promoCode);

    // The operator ships it; the shopper sees the logistics timeline.
    await operator(page).post('/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'DH20260001' });
    await page.goto(`/orderInfo/${order.id}`);
    const logistics = page.getByRole('region', { name: 'Logistics' });
    await expect(logistics).toContainText('DHL, tracking number DH20260001');
    await expect(logistics).toContainText('Shipped by DHL');

    await page.getByRole('button', { name: 'Confirm receipt' }).click();
    await expect(page.getByRole('dialog')).toContainText('Is Confirm Received?');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('region', { name: 'Order status' })).toContainText('Received');

    await page.getByRole('button', { name: 'Review' }).click();
    await expect(page).toHaveURL(new RegExp(`/comment\\?order=${order.id}$`));
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByText('Review content cannot be empty', { exact: true })).toBeVisible();
    await page.getByRole('group', { name: 'Service score' }).getByRole('radio', { name: '4 stars' }).check();
    const review = `Sturdy and dry ${Date.now()}`;
    await page.getByLabel('Review content').fill(review);
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByText('Submission Successful', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'My review' })).toContainText(review);

    await page.goto(`/detail/${product.id}`);
    await expect(page.getByText(review)).toBeVisible();
    await expect(page.getByText(/^Ratings \(\d+\)$/)).toBeVisible();
  });

  test('a refund request → "refund in progress" → operator agrees → the balance is restored', async ({
    demoPage: page,
  }) => {
    const api = await shopperApi(page);
    await fillBag(api, 1, 1);
    await addressesOrHome(api);
    const order = await checkoutAndPay(page, api);
    const paidBalance = (await api.get<{ balance: number }>('/api/user/getUserInfo')).balance;

    await orderCard(page, order.orderNo).getByRole('button', { name: 'Refund' }).click();
    await expect(page).toHaveURL(new RegExp(`/refund/${order.id}/`));
    await page.getByRole('button', { name: 'Submit' }).click();
    // The requirements' sentence, as the toast and beside the first missing field.
    await expect(
      page.getByText('Please fill in the refund amount, reason, explanation, area, detailed address and tag').first(),
    ).toBeVisible();
    await page.getByRole('radio', { name: 'Refund without return' }).check();
    await page.getByRole('radio', { name: 'Not received', exact: true }).check();
    await page.getByRole('radio', { name: 'Changed my mind' }).check();
    await page.getByLabel('Explanation').fill('Please cancel before it ships');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please upload proof', { exact: true })).toBeVisible();
    // A real PNG signature: the server checks uploads by their content.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByRole('group', { name: 'Proof' })
      .locator('input[type=file]')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Submission Successful', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/myPurchases\/-3$/);
    await expect(orderCard(page, order.orderNo)).toContainText('Refund in progress');

    await operator(page).post('/api/admin/refund/decide', { orderId: order.id, agree: true });
    const balance = (await api.get<{ balance: number }>('/api/user/getUserInfo')).balance;
    expect(balance).toBe(paidBalance + order.total);

    await page.goto('/myPurchases/-2');
    await expect(orderCard(page, order.orderNo)).toContainText('Refunded');
    await page.goto('/profile');
    const dollars = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(balance / 100);
    await expect(page.getByText(dollars, { exact: true })).toBeVisible();
  });
});
