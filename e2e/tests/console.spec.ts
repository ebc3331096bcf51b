import {
  axeClean,
  codeAt,
  confirmDecision,
  createOperator,
  enrol,
  money,
  nav,
  panel,
  PNG,
  STEP_MS,
} from '../console-kit';
import { dataOf, expect, shopperApi, test, type Page } from '../fixtures';

test('operator console: admin creates finance and support operators; they enrol TOTP; finance approves a manual top-up with its evidence; support cannot open finance; a second approval names who decided', async ({
  browser,
  demoPage: shopper,
}) => {
  test.setTimeout(720_000);
  const suffix = Date.now().toString(36);
  const api = await shopperApi(shopper);

  const admin = await test.step('an admin (created with the automation token) enrols and signs in', async () => {
    const created = await dataOf<{ setupCode: string }>(
      await shopper.request.post('/api/admin/operator', {
        headers: { 'admin-token': process.env.E2E_ADMIN_TOKEN! },
        data: { name: `adm-${suffix}`, roles: ['admin'] },
      }),
    );
    const operator = await enrol(browser, `adm-${suffix}`, created.setupCode);
    await axeClean(operator.page, 'dashboard (admin)');
    // Deep link straight into a screen.
    await operator.page.goto('/console/operators');
    await expect(operator.page.getByRole('heading', { name: 'Operators', level: 2 })).toBeVisible();
    await axeClean(operator.page, 'operators');
    return operator;
  });

  const codes = await test.step('the admin creates a finance, a second finance and a support operator', async () => ({
    finance: await createOperator(admin.page, `fin-${suffix}`, 'Finance'),
    finance2: await createOperator(admin.page, `fin2-${suffix}`, 'Finance'),
    support: await createOperator(admin.page, `sup-${suffix}`, 'Support'),
  }));

  const finance = await enrol(browser, `fin-${suffix}`, codes.finance);
  const finance2 = await enrol(browser, `fin2-${suffix}`, codes.finance2);
  const support = await enrol(browser, `sup-${suffix}`, codes.support);

  const topUp = async (amount: number) => {
    const channels = await api.get<{ channels: { id: number; method: string }[] }>('/api/user/getBlockchain');
    const channel = channels.channels.find((c) => c.method === 'manual')!;
    const headers = {
      token: decodeURIComponent((await shopper.context().cookies()).find((c) => c.name === 'Admin-Token')!.value),
    };
    const evidence = await dataOf<{ id: string }>(
      await shopper.request.post('/api/upload', {
        headers,
        multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG } },
      }),
    );
    const answer = await api.post<{ record: { rechargeNo: string } }>('/api/user/recharge', {
      method: 'manual',
      network: channel.id,
      address: `Console transfer ${suffix}`,
      amount,
      evidence: evidence.id,
      acceptNotes: true,
      requestId: `console-${suffix}-${amount}`,
    });
    return answer.record.rechargeNo;
  };
  const balance = async () => (await api.get<{ balance: number }>('/api/user/getUserInfo')).balance;

  await test.step('finance sees the manual top-up with its evidence picture, approves it; the shopper sees the balance', async () => {
    const before = await balance();
    const number = await topUp(4_321);
    const page = finance.page;
    await expect(nav(page).getByRole('link', { name: 'Top-ups' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Top-ups' }).click();
    await expect(page.getByRole('heading', { name: 'Top-ups', level: 2 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by number or account' }).fill(number);
    await page.getByRole('searchbox', { name: 'Search by number or account' }).press('Enter');
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('$43.21');
    await expect(page.getByText('1 in total')).toBeVisible();
    await axeClean(page, 'top-ups');
    await row.getByRole('button', { name: `Review top-up ${number}` }).click();
    const drawer = page.getByRole('dialog', { name: `Review top-up ${number}` });
    const evidence = drawer.getByRole('img', { name: `Payment evidence of top-up ${number}` });
    await expect(evidence).toBeVisible();
    await expect.poll(() => evidence.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect((await evidence.boundingBox())!.width).toBeGreaterThan(400);
    await axeClean(page, 'top-up review drawer');
    await drawer.getByRole('button', { name: 'Approve' }).click();
    // Nothing is decided before the confirmation, which restates shopper, amount, method and destination.
    const confirm = page.getByRole('dialog', { name: `Approve top-up ${number}?` });
    await expect(confirm).toContainText('demo');
    await expect(confirm).toContainText('$43.21');
    await axeClean(page, 'top-up confirmation');
    await confirmDecision(page, `Approve top-up ${number}?`);
    await expect(page.getByText('Top-up approved: the balance is credited')).toBeVisible();
    await expect(page.getByText('0 in total')).toBeVisible();
    expect(await balance()).toBe(before + 4_321);
    await shopper.goto('/topUp');
    await expect(shopper.getByRole('region', { name: 'Account balance' })).toContainText(money(before + 4_321));
  });

  await test.step('two finance operators approve one top-up: one succeeds, the other is told who and when', async () => {
    const number = await topUp(1_234);
    const open = async (page: Page) => {
      await page.goto('/console/topups');
      await page.getByRole('searchbox', { name: 'Search by number or account' }).fill(number);
      await page.getByRole('searchbox', { name: 'Search by number or account' }).press('Enter');
      await page.getByRole('button', { name: `Review top-up ${number}` }).click();
      return page.getByRole('dialog', { name: `Review top-up ${number}` });
    };
    const first = await open(finance.page);
    const second = await open(finance2.page);
    await first.getByRole('button', { name: 'Approve' }).click();
    await second.getByRole('button', { name: 'Approve' }).click();
    await confirmDecision(finance.page, `Approve top-up ${number}?`);
    await expect(finance.page.getByText('Top-up approved: the balance is credited')).toBeVisible();
    await confirmDecision(finance2.page, `Approve top-up ${number}?`);
    // The server's refusal word for word names the dialog.
    const refusal = finance2.page.getByRole('dialog', {
      name: new RegExp(`^Already decided by fin-${suffix} at .+ UTC$`),
    });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('The queue was refreshed');
    await axeClean(finance2.page, 'already-decided dialog');
    await refusal.getByRole('button', { name: 'OK' }).click();
    // The list refreshed: the top-up is no longer waiting.
    await expect(finance2.page.getByText('0 in total')).toBeVisible();
    await finance2.page.goto('/console/withdrawals');
    await expect(finance2.page.getByRole('heading', { name: 'Withdrawals', level: 2 })).toBeVisible();
    await axeClean(finance2.page, 'withdrawals');
  });

  await test.step("finance opens the shopper's page: balance and ledger; an adjustment needs a reason", async () => {
    const page = finance.page;
    const before = await balance();
    await nav(page).getByRole('link', { name: 'Shoppers' }).click();
    // Part of the account finds the demo shopper; their page opens from the directory.
    await page.getByRole('searchbox', { name: 'Account, e-mail or phone (part of it)' }).fill('dem');
    await page.getByRole('searchbox', { name: 'Account, e-mail or phone (part of it)' }).press('Enter');
    await page.getByRole('link', { name: 'Open the page of shopper demo' }).click();
    await expect(page.getByRole('heading', { name: 'Shopper demo' })).toBeVisible();
    await expect(page.getByText('demo@example.com')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Top-up' }).first()).toBeVisible();
    const form = page.locator('form[id="adjust-balance"]');
    await form.getByLabel('Amount ($)').fill('1.25');
    await form.getByRole('button', { name: 'Apply adjustment' }).click();
    await expect(form.getByText('Enter the reason (up to 500 characters)')).toBeVisible();
    await axeClean(page, 'shopper page');
    await form.getByLabel('Reason').fill(`Console e2e goodwill ${suffix}`);
    await form.getByRole('button', { name: 'Apply adjustment' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust the balance of demo?' });
    await expect(adjust).toContainText('$1.25');
    await adjust.getByRole('button', { name: 'Apply adjustment' }).click();
    // The ledger's row (exact): the confirmation, while it closes, restates the reason in its own cell.
    await expect(page.getByRole('cell', { name: `Console e2e goodwill ${suffix}`, exact: true })).toBeVisible();
    expect(await balance()).toBe(before + 125);
  });

  await test.step('support cannot open the finance queue: no link, the screen and the API refuse', async () => {
    const page = support.page;
    await expect(nav(page).getByRole('link', { name: 'Refunds' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Top-ups' })).toHaveCount(0);
    await page.goto('/console/topups');
    await expect(page.getByText('Not for your role')).toBeVisible();
    await axeClean(page, 'refused screen');
    // The page's own request carries the browser's session cookie (HttpOnly: no script reads it).
    const refused = await page.request.get('/api/admin/topups');
    expect(refused.status()).toBe(403);
    expect(await page.evaluate(() => sessionStorage.getItem('console.token'))).toBeNull();
    // A queue opened in a second tab of the same browser needs no new sign-in.
    const second = await page.context().newPage();
    await second.goto('/console/refunds');
    await expect(second.getByRole('heading', { name: 'Refunds', level: 2 })).toBeVisible();
    await second.close();
    for (const [path, heading] of [
      ['/console/refunds', 'Refunds'],
      ['/console/shoppers', 'Shoppers'],
      ['/console/audit', 'Audit'],
      ['/console/orders', 'Orders to ship'],
      ['/console/complaints', 'Complaints'],
      ['/console/service', 'Customer service'],
      ['/console/merchants', 'Merchant applications'],
      ['/console/', 'Dashboard'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await axeClean(page, heading);
    }
  });

  await test.step('support signs out and signs in again with password and a new code; the console speaks Chinese', async () => {
    const page = support.page;
    await page.getByRole('button', { name: 'Sign out' }).click();
    const form = panel(page);
    await expect(form.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await axeClean(page, 'sign-in');
    // A code is accepted once: the next 30-second step's code.
    const wait = (support.step + 1) * STEP_MS - Date.now();
    if (wait > 0) await page.waitForTimeout(wait + 500);
    await form.getByLabel('Operator name').fill(support.name);
    await form.getByLabel('Password', { exact: true }).fill(support.password);
    await form.getByLabel('Authenticator code').fill(codeAt(support.secret, Date.now()));
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // By keyboard: the language radios, the checked one focused, the arrow key moves to (and checks) the next.
    await page.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: 'English' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('heading', { name: '概览' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await axeClean(page, 'dashboard (Chinese)');
  });
});
