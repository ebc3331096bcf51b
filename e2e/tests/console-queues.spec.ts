import { readFileSync } from 'node:fs';
import { axeClean, confirmDecision, money, nav, operatorWith, PNG } from '../console-kit';
import { dataOf, expect, operatorPost, shopperApi, test, unpaidOrder, type Page, type ShopperApi } from '../fixtures';

/**
 * The console's queues at work (docs/requirements.md §10, docs/decisions/0002-operator-accounts.md): a
 * withdrawal is marked paid only after a confirmation naming amount and destination; a second tab needs no
 * new sign-in; two finance operators bulk-approve the same three top-ups at once and each is credited once;
 * the CSV export holds the filtered rows; the refunds queue shows the order number and links to the shopper;
 * a freeze blocks sign-in and payment until it is lifted; the audit page names the operator of each.
 */
const PAYMENT_CODE = '246810';
const FROZEN = 'This account is frozen. Please contact customer service.';

interface Envelope {
  code: number;
  msg: string;
}

/** The shopper's session token as the app keeps it (its Admin-Token cookie). */
const tokenOf = async (shopper: Page) =>
  decodeURIComponent((await shopper.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '');

/** A shopper call with the session the browser holds now; the whole envelope, refusals included. */
const shopperPost = async (shopper: Page, url: string, data: unknown): Promise<Envelope> =>
  (await (await shopper.request.post(url, { headers: { token: await tokenOf(shopper) }, data })).json()) as Envelope;

/** An evidence picture uploaded by the shopper; its id. */
const uploadPicture = async (shopper: Page): Promise<string> => {
  const uploaded = await dataOf<{ id: string }>(
    await shopper.request.post('/api/upload', {
      headers: { token: await tokenOf(shopper) },
      multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: PNG } },
    }),
  );
  return uploaded.id;
};

/** A manual top-up of `amount` cents with its evidence; its number. */
const manualTopUp = async (shopper: Page, api: ShopperApi, amount: number, note: string): Promise<string> => {
  const channels = await api.get<{ channels: { id: number; method: string }[] }>('/api/user/getBlockchain');
  const channel = channels.channels.find((c) => c.method === 'manual')!;
  const answer = await api.post<{ record: { rechargeNo: string } }>('/api/user/recharge', {
    method: 'manual',
    network: channel.id,
    address: note,
    amount,
    evidence: await uploadPicture(shopper),
    acceptNotes: true,
    requestId: `topup-${note.replace(/\W+/g, '-')}-${amount}`,
  });
  return answer.record.rechargeNo;
};

/** Searches a console queue (its search box is named `label`) for `text`. */
const search = async (page: Page, label: string, text: string) => {
  const box = page.getByRole('searchbox', { name: label });
  await box.fill(text);
  await box.press('Enter');
};

/** The shopper's sign-in through the login form; the server's answer. */
const signInAnswer = async (shopper: Page, account: string): Promise<Envelope> => {
  await shopper.goto('/login');
  await shopper.getByLabel('Account', { exact: true }).fill(account);
  await shopper.getByLabel('Password', { exact: true }).fill('secret123');
  const answer = shopper.waitForResponse((r) => r.url().endsWith('/api/user/login'), { timeout: 60_000 });
  await shopper.getByRole('button', { name: 'Login', exact: true }).click();
  return (await (await answer).json()) as Envelope;
};

test('console queues: a confirmed withdrawal, a second tab, two operators bulk-approve once, CSV of the filtered rows, refunds linked to the shopper, freeze and unfreeze, all in the audit', async ({
  browser,
  shopperPage: shopper,
}) => {
  test.setTimeout(600_000);
  const suffix = Date.now().toString(36);
  let api = await shopperApi(shopper);
  const { account } = await api.get<{ account: string }>('/api/user/getUserInfo');
  await api.post('/api/user/resetPay', { paymentCode: PAYMENT_CODE, confirmPaymentCode: PAYMENT_CODE });
  // Enough for the orders below, whatever the catalogue's first product in stock costs.
  await operatorPost(shopper, '/api/admin/balance/adjust', { account, amount: 100_000, reason: 'e2e console queues' });
  const balance = async () => (await api.get<{ balance: number }>('/api/user/getUserInfo')).balance;

  const finance = await operatorWith(browser, shopper, `finq-${suffix}`, ['finance']);
  const finance2 = await operatorWith(browser, shopper, `finq2-${suffix}`, ['finance']);
  const support = await operatorWith(browser, shopper, `supq-${suffix}`, ['support']);

  await test.step('a queue opened in a second tab of the same browser needs no new sign-in', async () => {
    const second = await finance.page.context().newPage();
    await second.goto('/console/topups');
    await expect(second.getByRole('heading', { name: 'Top-ups', level: 2 })).toBeVisible();
    await expect(second.getByRole('tab', { name: 'Sign in' })).toHaveCount(0);
    await second.close();
  });

  const bulk =
    await test.step('two finance operators approve the same three top-ups at once: each is credited once', async () => {
      const amounts = [1_111, 2_222, 3_333];
      const made: string[] = [];
      for (const amount of amounts) made.push(await manualTopUp(shopper, api, amount, `Bulk ${suffix}`));
      const before = await balance();
      const select = async (page: Page) => {
        await nav(page).getByRole('link', { name: 'Top-ups' }).click();
        await expect(page.getByRole('heading', { name: 'Top-ups', level: 2 })).toBeVisible();
        await search(page, 'Search by number or account', account);
        await expect(page.getByText('3 in total')).toBeVisible();
        await page.getByRole('checkbox', { name: 'Select every waiting top-up on this page' }).check();
        await page.getByRole('button', { name: 'Approve 3 selected' }).click();
        const dialog = page.getByRole('dialog', { name: 'Approve 3 top-ups?' });
        await expect(dialog).toContainText(money(amounts.reduce((sum, each) => sum + each, 0)));
        return dialog;
      };
      const first = await select(finance.page);
      await axeClean(finance.page, 'bulk approval confirmation');
      const second = await select(finance2.page);
      // Both confirm together: every item is decided once, by whichever call comes first.
      await Promise.all([
        first.getByRole('button', { name: 'Approve', exact: true }).click(),
        second.getByRole('button', { name: 'Approve', exact: true }).click(),
      ]);
      const done = async (page: Page) => {
        const results = page.getByRole('dialog', { name: /^\d+ of 3 items? done$/ });
        await expect(results).toBeVisible({ timeout: 60_000 });
        const title = (await results.locator('.ant-modal-title').textContent()) ?? '';
        await results.getByRole('button', { name: 'OK' }).click();
        return Number(/^(\d+) of/.exec(title)?.[1]);
      };
      const [one, two] = [await done(finance.page), await done(finance2.page)];
      expect(one + two).toBe(3);
      expect(await balance()).toBe(before + 6_666);
      // Whichever confirmed first decided them (all three, or some each): one of the two is in the audit.
      return { made, approver: one > 0 ? finance.name : finance2.name };
    });

  await test.step('the CSV export holds the filtered rows, and only them', async () => {
    const page = finance.page;
    await page.locator('.ant-segmented').getByText('Approved', { exact: true }).click();
    await search(page, 'Search by number or account', account);
    await expect(page.getByText('3 in total')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(4);
    for (const number of bulk.made) expect(lines.filter((line) => line.includes(number))).toHaveLength(1);
  });

  await test.step('a withdrawal is marked paid only after a confirmation that names amount and destination', async () => {
    const bank = `Console Bank ${suffix}`;
    await api.post('/api/user/extract', {
      drawType: 'bank',
      drawAmount: 2_000,
      bankCardNo: '4111 1111 1111 1111',
      bankName: bank,
      paymentCode: PAYMENT_CODE,
      requestId: `withdraw-${suffix}`,
    });
    const waiting = await api.get<{ list: { withdrawalNo: string; actualArrival: number }[] }>(
      '/api/user/extract_log?status=0',
    );
    const { withdrawalNo: number, actualArrival } = waiting.list[0]!;
    const page = finance.page;
    await nav(page).getByRole('link', { name: 'Withdrawals' }).click();
    await expect(page.getByRole('heading', { name: 'Withdrawals', level: 2 })).toBeVisible();
    await search(page, 'Search by number or account', number);
    await page.getByRole('button', { name: `Mark paid: ${number}` }).click();
    const confirm = page.getByRole('dialog', { name: `Mark withdrawal ${number} paid?` });
    // The amount paid out: $20.00 less the service charge.
    expect(actualArrival).toBeLessThan(2_000);
    await expect(confirm).toContainText(money(actualArrival));
    await expect(confirm).toContainText(bank);
    await expect(confirm).toContainText(account);
    await axeClean(page, 'withdrawal confirmation');
    // Nothing is decided before the confirmation.
    expect((await api.get<{ list: { withdrawalNo: string }[] }>('/api/user/extract_log?status=0')).list).toEqual(
      expect.arrayContaining([expect.objectContaining({ withdrawalNo: number })]),
    );
    await confirmDecision(page, `Mark withdrawal ${number} paid?`, 'Mark paid');
    await expect(page.getByText('Withdrawal marked paid')).toBeVisible();
    expect((await api.get<{ list: unknown[] }>('/api/user/extract_log?status=0')).list).toHaveLength(0);
  });

  const order = await test.step('the refunds queue shows the order number and links to the shopper page', async () => {
    const bought = await unpaidOrder(api);
    await api.post('/api/order/pay', { orderIds: [bought.id], paymentCode: PAYMENT_CODE });
    await api.post('/api/order/refund', {
      orderId: bought.id,
      refundType: 'refund',
      refundAmount: bought.total,
      productStatus: 'notReceived',
      reason: 'Not received',
      explain: `Console queue ${suffix}`,
      attachments: [await uploadPicture(shopper)],
    });
    const page = support.page;
    await nav(page).getByRole('link', { name: 'Refunds' }).click();
    await search(page, 'Search by order number or account', bought.orderNo);
    const row = page.getByRole('row').filter({ hasText: bought.orderNo });
    await expect(row).toBeVisible();
    await axeClean(page, 'refunds');
    await row.getByRole('link', { name: `Open the page of shopper ${account}` }).click();
    await expect(page.getByRole('heading', { name: `Shopper ${account}` })).toBeVisible();
    return bought;
  });

  await test.step('a frozen shopper can neither sign in nor pay until unfrozen', async () => {
    const page = support.page;
    const reasonAction = async (button: string, reason: string, done: string) => {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: `${button}: ${account}` });
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: button }).click();
      await expect(page.getByText(done)).toBeVisible();
    };
    const pending = await unpaidOrder(api);
    const before = await balance();
    await reasonAction('Freeze account', `Console e2e check ${suffix}`, 'Account frozen: no sign-in, no payment');
    // The freeze ended the shopper's session: paying with it is refused, and nothing is charged.
    expect(
      (await shopperPost(shopper, '/api/order/pay', { orderIds: [pending.id], paymentCode: PAYMENT_CODE })).code,
    ).not.toBe(1);
    expect((await signInAnswer(shopper, account)).msg).toBe(FROZEN);
    await reasonAction('Unfreeze account', `Checked ${suffix}`, 'Account unfrozen');
    expect((await signInAnswer(shopper, account)).code).toBe(1);
    api = await shopperApi(shopper);
    expect(await balance()).toBe(before);
    expect(
      await shopperPost(shopper, '/api/order/pay', { orderIds: [pending.id], paymentCode: PAYMENT_CODE }),
    ).toMatchObject({ code: 1, msg: 'Pay Success' });
    expect(await balance()).toBe(before - pending.total);
  });

  await test.step('the audit page names the operator of each decision', async () => {
    const lookUp = async (page: Page, operator: string, actions: string[]) => {
      await nav(page).getByRole('link', { name: 'Audit' }).click();
      await expect(page.getByRole('heading', { name: 'Audit', level: 2 })).toBeVisible();
      await search(page, 'Operator', operator);
      for (const action of actions) {
        await expect(
          page.getByRole('row').filter({ hasText: action }).filter({ hasText: operator }).first(),
        ).toBeVisible();
      }
    };
    await lookUp(finance.page, bulk.approver, ['recharge.approve']);
    await lookUp(finance.page, finance.name, ['withdrawal.pay']);
    await axeClean(finance.page, 'audit');
    await lookUp(support.page, support.name, ['shopper.freeze', 'shopper.unfreeze']);
    expect(order.orderNo).toBeTruthy();
  });
});
