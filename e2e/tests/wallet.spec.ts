import { register, expect, login, opsCli, shopperApi, test, type Page } from '../fixtures';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PAYMENT_CODE = '246810';

/** Tops up $10 by card with the test card `number` (expiry 12/39, CVC 123) through the card top-up form. */
const cardTopUp = async (page: Page, number: string) => {
  await page.goto('/cardTopUp');
  await page.getByLabel('Amount ($)').fill('10');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Top up now' }).click();
};

const balanceOnTopUp = async (page: Page, amount: string) => {
  await page.goto('/topUp');
  await expect(page.getByRole('region', { name: 'Account balance' })).toContainText(amount);
};

test('wallet: register → top up with proof → operator approves → buy → withdraw → operator refuses → card top-ups', async ({
  verifiedPage: page,
}) => {
  test.setTimeout(180_000);
  const account = `wallet_${Date.now().toString(36)}`;
  await register(page, account, 'secret123');
  await login(page, account, 'secret123');
  const api = await shopperApi(page);
  await api.post('/api/user/resetPay', { paymentCode: PAYMENT_CODE, confirmPaymentCode: PAYMENT_CODE });
  await balanceOnTopUp(page, '$0.00');

  await test.step('manual top-up with an uploaded evidence image stays "auditing"', async () => {
    await page.getByRole('link', { name: 'Manual top-up with proof' }).click();
    await expect(page).toHaveURL(/\/walletTopUp\?method=manual/);
    await page.getByRole('button', { name: 'Submit top-up' }).click();
    await expect(page.getByText('Please fill recharge address', { exact: true })).toBeVisible();
    await page.getByLabel('Payer reference').fill('Transfer ref 8812');
    await page.getByLabel('Amount ($)').fill('50');
    await page.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
    await page.getByText('I have read the deposit notes').click();
    await page.getByRole('button', { name: 'Submit top-up' }).click();
    await expect(page.getByText('Submission Successful', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/topUpRecord/);
    await expect(page.getByRole('article').first()).toContainText('Auditing');
  });

  await test.step('the operator approves it with the CLI; balance and fund record show the credit', async () => {
    const records = await api.get<{ list: { id: number }[] }>('/api/user/recharge_log?status=0');
    expect(await opsCli('recharge', String(records.list[0]!.id), 'approve')).toContain('approved');
    await balanceOnTopUp(page, '$50.00');
    await page.goto('/capitalRecord');
    await expect(page.getByRole('article', { name: 'Top-up' }).first()).toContainText('+$50.00');
  });

  await test.step('buys a product with it', async () => {
    const address = await api.post<{ id: number }>('/api/user/address_add', {
      addressee: 'Wallet Shopper',
      mobilePhone: '+1 555 0100',
      area: 'Springfield',
      detailedAddress: '1 Main St',
      tag: 'home',
    });
    const hot = await api.get<{ list: { id: number; unitPrice: number }[] }>('/api/catalogue/hot_products?pageSize=50');
    const cheap = hot.list.filter((p) => p.unitPrice <= 2_000)[0]!;
    const detail = await api.get<{ specs: { name: string; options: string[] }[] }>(
      `/api/catalogue/product?id=${cheap.id}`,
    );
    const spec = Object.fromEntries(detail.specs.map((s) => [s.name, s.options[0] ?? '']));
    const created = await api.post<{ orders: { id: number; total: number }[] }>('/api/order/create', {
      buyNow: { productId: cheap.id, quantity: 1, spec },
      addressId: address.id,
    });
    await api.post('/api/order/pay', { orderIds: [created.orders[0]!.id], paymentCode: PAYMENT_CODE });
  });
  const afterPurchase = (await api.get<{ balance: number }>('/api/user/getUserInfo')).balance;
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  await test.step('withdraws part with the charge shown before confirming', async () => {
    await page.goto('/withDraw');
    await page.getByLabel('Withdrawal amount ($)').fill('20');
    await page.getByLabel('Bank card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Bank name').fill('Springfield Bank');
    const summary = page.getByRole('definition').filter({ hasText: '$' });
    await expect(summary.nth(0)).toHaveText('$0.20');
    await expect(summary.nth(1)).toHaveText('$19.80');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const confirm = page.getByRole('form', { name: 'Confirm withdrawal' });
    await confirm.getByLabel('Payment code').fill(PAYMENT_CODE);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Withdrawal Success', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/depositRecord/);
    await expect(page.getByRole('article').first()).toContainText('Auditing');
    await balanceOnTopUp(page, money(afterPurchase - 2_000));
  });

  await test.step('the operator refuses it: the full amount returns', async () => {
    const withdrawals = await api.get<{ list: { id: number }[] }>('/api/user/extract_log?status=0');
    expect(await opsCli('withdraw', String(withdrawals.list[0]!.id), 'refuse', 'Card', 'closed')).toContain('refused');
    await balanceOnTopUp(page, money(afterPurchase));
    await page.goto('/depositRecord?status=2');
    await expect(page.getByRole('article').first()).toContainText('Reason: Card closed');
  });

  await test.step('a test card credits at once; a declined test card credits nothing', async () => {
    await cardTopUp(page, '4242424242424242');
    await expect(page.getByText('Top-up successful', { exact: true })).toBeVisible();
    await balanceOnTopUp(page, money(afterPurchase + 1_000));

    await cardTopUp(page, '4000000000000002');
    await expect(
      page.getByText('Your card was declined. Nothing was charged; please use another card', { exact: true }),
    ).toBeVisible();
    await balanceOnTopUp(page, money(afterPurchase + 1_000));
  });
});
