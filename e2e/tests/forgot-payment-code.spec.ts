import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  dataOf,
  expect,
  shopperApi,
  test,
  unpaidOrder,
  type Page,
  type ShopperApi,
  expectSoon,
  loginPatiently,
  passHumanVerificationPatiently,
  registerPatiently,
} from '../fixtures';

/*
 * The shopper app review (docs/decisions/0009-shopper-app-review.md): "Forgot payment code?" is not a dead end. From the pay sheet the shopper lands on
 * the forgot form, gets a one-time code by email, sets a new payment code with it (no old code) and pays
 * with the new one. Real server; the code is read from the mail the server wrote to its DATA_DIR outbox.
 */

const OLD_CODE = '246810';
const NEW_CODE = '135790';

const adminToken = (): string => {
  const token = process.env.E2E_ADMIN_TOKEN;
  if (!token) throw new Error('E2E_ADMIN_TOKEN is not set: global-setup gives the server its operator credential');
  return token;
};

/**
 * The mails the e2e server wrote to `address`. Its DATA_DIR is E2E_DATA_DIR when set, else one of the
 * `marketplace-run-*` folders tools/app-server.mjs makes in the temp folder (the address is this run's own,
 * so another server's mails never match).
 */
const mailsTo = (address: string): string[] => {
  const dataDirs = process.env.E2E_DATA_DIR
    ? [process.env.E2E_DATA_DIR]
    : readdirSync(tmpdir())
        .filter((name) => name.startsWith('marketplace-run-'))
        .map((name) => path.join(tmpdir(), name, 'data'));
  const mails: { file: string; text: string }[] = [];
  for (const dataDir of dataDirs) {
    const outbox = path.join(dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(outbox);
    } catch {
      continue;
    }
    for (const file of files) {
      try {
        const text = readFileSync(path.join(outbox, file), 'utf8');
        if (text.startsWith(`To: ${address}\n`)) mails.push({ file, text });
      } catch {
        // Removed meanwhile (another run stopping): not ours.
      }
    }
  }
  return mails.sort((a, b) => a.file.localeCompare(b.file)).map((mail) => mail.text);
};

/** The human check, registration and sign-in, with room for a busy machine; an email on the account. */
const registerShopper = async (page: Page): Promise<{ api: ShopperApi; account: string; email: string }> => {
  await passHumanVerificationPatiently(page);
  const account = `forgetful_${Date.now().toString(36)}`;
  const email = `${account}@example.com`;
  await registerPatiently(page, account, 'secret123');
  await loginPatiently(page, account, 'secret123');
  const api = await shopperApi(page);
  await api.post('/api/user/profile', { email, currentPassword: 'secret123' });
  await api.post('/api/user/resetPay', { paymentCode: OLD_CODE, confirmPaymentCode: OLD_CODE });
  return { api, account, email };
};

const payOrderFromList = async (page: Page, orderNo: string) => {
  await page.goto('/myPurchases/0');
  const card = page.getByRole('article', { name: `Order No. ${orderNo}` });
  await expectSoon(card).toBeVisible({ timeout: 90_000 });
  await card.getByRole('button', { name: 'Pay', exact: true }).click();
  const sheet = page.getByRole('form', { name: 'Pay with balance' });
  await expectSoon(sheet).toBeVisible();
  return sheet;
};

test('pay sheet → Forgot payment code? → code by email → new code → paying with it works', async ({ page }) => {
  test.setTimeout(400_000);
  const { api, account, email } = await registerShopper(page);
  await dataOf(
    await page.request.post('/api/admin/balance/adjust', {
      headers: { 'admin-token': adminToken() },
      data: { account, amount: 100_000, reason: 'e2e forgot payment code' },
    }),
  );
  const order = await unpaidOrder(api);

  await test.step('the pay sheet leads to the forgot form, not to the old-code form', async () => {
    const sheet = await payOrderFromList(page, order.orderNo);
    await sheet.getByRole('link', { name: 'Forgot payment code?' }).click();
    await expectSoon(page).toHaveURL(/\/changePayPwd/);
    await expectSoon(page.getByRole('heading', { name: 'Reset payment code' })).toBeVisible();
    await expect(page.getByLabel('Old payment code')).toHaveCount(0);
    await expect(page.getByText(`We will email a 6-digit code to ${email}.`, { exact: false })).toBeVisible();
  });

  let code = '';
  await test.step('"Send code" mails a one-time code to the account email', async () => {
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/user/forgot_pay/send'), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Send code' }).click();
    expect(((await (await sent).json()) as { code: number }).code).toBe(1);
    await expect
      .poll(() => mailsTo(email).filter((text) => text.includes('Subject: Your payment code reset code')).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const mail = mailsTo(email).find((text) => text.includes('Subject: Your payment code reset code'))!;
    code = /code is (\d{6})/.exec(mail)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  });

  await test.step('the code and a new payment code set it without the old one', async () => {
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('New payment code').fill(NEW_CODE);
    await page.getByLabel('Confirm payment code').fill(NEW_CODE);
    const reset = page.waitForResponse((r) => r.url().endsWith('/api/user/forgot_pay/reset'), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Reset payment code' }).click();
    expect(await (await reset).json()).toMatchObject({ code: 1, msg: 'Setting Success' });
    await expectSoon(page).not.toHaveURL(/\/changePayPwd/);
    await expect
      .poll(() => mailsTo(email).some((text) => text.includes('Subject: Your payment code was reset')), {
        timeout: 20_000,
      })
      .toBe(true);
  });

  await test.step('paying with the new code works; the old one no longer does', async () => {
    const sheet = await payOrderFromList(page, order.orderNo);
    await sheet.getByLabel('Payment code').fill(NEW_CODE);
    const paid = page.waitForResponse((r) => r.url().endsWith('/api/order/pay'), { timeout: 60_000 });
    await sheet.getByRole('button', { name: 'Pay' }).click();
    expect(((await (await paid).json()) as { code: number }).code).toBe(1);
    // Paid: waiting for delivery.
    expect(await api.get<{ status: number }>(`/api/order/detail?id=${order.id}`)).toMatchObject({ status: 1 });
    await expect(api.post('/api/user/verify_pay', { paymentCode: OLD_CODE })).rejects.toThrow(/answered 0 Pay Fail/);
  });
});
