import type { Browser, Page } from '@playwright/test';
import { axeClean, codeAt } from '../console-kit';
import { mailsTo } from '../outbox';
import { addressesOrHome, dataOf, DEMO, expect, expectSoon, operatorPost, shopperApi, test } from '../fixtures';

/**
 * A seller's listing end to end (docs/decisions/0012-variants-and-stock.md): the invited seller lists a
 * product with two options, three pictures and English and German texts and publishes it; a shopper reading
 * German finds it by a German word of its title, reads the German text, and once
 * the last unit of one variant is bought that variant is sold out in the option sheet while the other can
 * still be bought. axe on the seller's product pages in English and Simplified Chinese, at a desk and on a phone.
 */
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const automation = () => ({ 'admin-token': process.env.E2E_ADMIN_TOKEN! });
const PICTURES = [
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4o6EBAAMQAS0ujiXaAAAAAElFTkSuQmCC',
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQWGADAAH4AQV029onAAAAAElFTkSuQmCC',
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQCLgDAAH4AVXSujU3AAAAAElFTkSuQmCC',
].map((base64, i) => ({ name: `lantern-${i + 1}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }));

/**
 * The seller of a new shop, signed in: the demo shopper applies, the operator approves through the admin API,
 * and the invitation's password and authenticator are set through the seller API (seller.spec.ts walks
 * these screens); the seller centre opens with the session.
 */
const invitedSeller = async (browser: Browser, shopper: Page, shopName: string, email: string): Promise<Page> => {
  await (await shopperApi(shopper)).post('/api/merchant/apply', { shopName, contact: email, note: 'Lanterns' });
  const applications = await dataOf<{ list: { id: number; shopName: string }[] }>(
    await shopper.request.get('/api/admin/merchant_applications', { headers: automation() }),
  );
  const application = applications.list.find((row) => row.shopName === shopName)!;
  await operatorPost(shopper, '/api/admin/merchant_application/approve', { id: application.id, email });
  await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const code = /\/seller\/invite#code=([\w-]+)/.exec(mailsTo(email).at(-1)!)![1]!;
  const { secret } = await dataOf<{ secret: string }>(
    await shopper.request.post('/api/seller/auth/setup', { data: { code, password: `${email}-correct-horse` } }),
  );
  const { token } = await dataOf<{ token: string }>(
    await shopper.request.post('/api/seller/auth/setup_confirm', { data: { code, totp: codeAt(secret, Date.now()) } }),
  );
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: process.env.E2E_BASE_URL });
  await context.addInitScript((value) => sessionStorage.setItem('seller.token', value), token);
  const page = await context.newPage();
  await page.goto('/seller/');
  await expectSoon(page.getByRole('heading', { name: 'Shop profile' })).toBeVisible();
  return page;
};

test('a seller lists a product with options, pictures and German texts; a German shopper finds it and buys the last unit of a variant', async ({
  browser,
  demoPage: shopper,
}) => {
  test.setTimeout(170_000);
  const suffix = Date.now().toString(36);
  // A made-up German noun of this run, so search finds this product alone; letters only (search never corrects
  // a word with a digit in it: a model number is meant as typed).
  const word = `Wombatlaterne${suffix.replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
  const seller = await invitedSeller(browser, shopper, `Wombat Lights ${suffix}`, `lister-${suffix}@example.com`);
  const nav = (name: string) => seller.getByRole('navigation', { name: 'Seller centre' }).getByRole('link', { name });

  const productId =
    await test.step('the seller lists the product with two options, three pictures, English and German', async () => {
      await nav('Products').click();
      await expect(seller.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
      await axeClean(seller, 'products (en)');
      await seller.getByRole('button', { name: 'List a product' }).click();
      await expect(seller.getByRole('heading', { name: 'List a product' })).toBeVisible();

      await seller.getByLabel('Title (English)').fill(`Wombat paper lantern ${suffix}`);
      await seller.getByLabel('Description (English)').fill('Folded by hand from recycled paper.');
      await seller.getByRole('combobox', { name: 'Add texts in another language' }).click();
      await seller.keyboard.type('Deutsch');
      await seller.keyboard.press('Enter');
      await seller.getByLabel('Title (Deutsch)').fill(`${word} aus Papier`);
      await seller.getByLabel('Description (Deutsch)').fill('Von Hand aus Recyclingpapier gefaltet.');
      await seller.getByRole('combobox', { name: 'Category' }).click();
      await seller.keyboard.type('Home and');
      await seller.keyboard.press('Enter');

      for (const [n, name, values] of [
        [1, 'Colour', ['Red', 'Blue']],
        [2, 'Size', ['M', 'L']],
      ] as const) {
        await seller.getByRole('button', { name: 'Add an option' }).click();
        await seller.getByLabel(`Option ${n}: name`).fill(name);
        const valuesBox = seller.getByRole('combobox', { name: `Option ${n}: values` });
        for (const value of values) {
          await valuesBox.fill(value);
          await valuesBox.press('Enter');
        }
      }
      for (const [variant, price, stock] of [
        ['Red / M', '19.90', '1'],
        ['Red / L', '21.90', '4'],
        ['Blue / M', '19.90', '4'],
        ['Blue / L', '21.90', '4'],
      ]) {
        await seller.getByLabel(`Price of ${variant}`).fill(price!);
        await seller.getByLabel(`Stock of ${variant}`).fill(stock!);
      }

      await seller.locator('input[type=file]').setInputFiles(PICTURES);
      await expectSoon(seller.getByRole('img', { name: 'Picture 3' })).toBeVisible();
      await expect(seller.getByRole('img', { name: 'Picture 1 (cover)' })).toBeVisible();
      await seller.getByRole('radio', { name: 'Published' }).check();
      await axeClean(seller, 'product editor (en)');

      const created = seller.waitForResponse((r) => r.url().endsWith('/api/seller/product/create'));
      await seller.getByRole('button', { name: 'Save listing' }).click();
      const { data } = (await (await created).json()) as { data: { id: number; pictures: unknown[]; status: string } };
      expect(data).toMatchObject({ status: 'published' });
      expect(data.pictures).toHaveLength(3);
      await expectSoon(seller.getByRole('heading', { name: 'Edit the listing' })).toBeVisible();
      return data.id;
    });

  await test.step('the products list shows it; every product page is axe-clean in zh-cn and fits a phone', async () => {
    await nav('Products').click();
    const row = seller.getByRole('row', { name: new RegExp(`Wombat paper lantern ${suffix}`) });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('$19.90 to $21.90');
    await expect(row).toContainText('13');
    await seller.getByText('简体中文', { exact: true }).click();
    await expect(seller.getByRole('heading', { name: '商品', exact: true })).toBeVisible();
    await axeClean(seller, 'products (zh-cn)');
    await seller.setViewportSize(PHONE);
    expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await axeClean(seller, 'products (zh-cn, phone)');
    await seller.getByRole('button', { name: `编辑 Wombat paper lantern ${suffix}` }).click();
    await expect(seller.getByRole('heading', { name: '编辑商品' })).toBeVisible();
    await expect(seller.getByRole('img', { name: '图片 3' })).toBeVisible();
    expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await axeClean(seller, 'product editor (zh-cn, phone)');
    await seller.context().close();
  });

  await test.step('a shopper reading German finds it by a German word of its title and by a misspelling, and reads the German text', async () => {
    const search = async (keyword: string) =>
      (
        await dataOf<{ list: { id: number; image: string }[] }>(
          await shopper.request.get(`/api/catalogue/products?keyword=${encodeURIComponent(keyword)}`, {
            headers: { lang: 'de' },
          }),
        )
      ).list;
    await expectSoon.poll(async () => (await search(word)).map((card) => card.id)).toContain(productId);
    // A misspelling (a letter left out) finds it too: publishing taught search the listing's words.
    const misspelt = word.replace('laterne', 'latene');
    const found = await search(misspelt);
    expect(found.map((card) => card.id)).toContain(productId);
    // The result's card shows the seller's cover picture.
    expect(found.find((card) => card.id === productId)?.image).toMatch(/^\/api\/upload\/[0-9a-f]{32}$/);
    // The product page's gallery is the seller's three pictures, the first the cover.
    const detail = await dataOf<{ images: string[]; description: string }>(
      await shopper.request.get(`/api/catalogue/product?id=${productId}`, { headers: { lang: 'de' } }),
    );
    expect(detail.images).toHaveLength(3);
    for (const image of detail.images) expect(image).toMatch(/^\/api\/upload\/[0-9a-f]{32}$/);
    expect(detail.description).toBe('Von Hand aus Recyclingpapier gefaltet.');

    const { origin } = new URL(shopper.url());
    const german = JSON.stringify({ language_name: 'Deutsch', chinese_name: '德语', file_name: 'de' });
    await shopper.context().addCookies([{ name: 'Local_Lang', value: encodeURIComponent(german), url: origin }]);
    await shopper.goto(`/detail/${productId}`);
    await expectSoon(shopper.getByText(`${word} aus Papier`).first()).toBeVisible();
    await expect(shopper.getByText('Von Hand aus Recyclingpapier gefaltet.')).toBeVisible();
  });

  await test.step('once the last Red M is bought it is sold out in the option sheet; Blue M can still be bought', async () => {
    const api = await shopperApi(shopper);
    await operatorPost(shopper, '/api/admin/balance/adjust', { account: DEMO.account, amount: 10_000, reason: 'e2e' });
    const [address] = await addressesOrHome(api);
    const created = await api.post<{ orders: { id: number }[] }>('/api/order/create', {
      buyNow: { productId, quantity: 1, spec: { Colour: 'Red', Size: 'M' } },
      addressId: address!.id,
    });
    await api.post('/api/order/pay', { orderIds: [created.orders[0]!.id], paymentCode: DEMO.paymentCode });

    await shopper.reload();
    await expectSoon(shopper.getByText(`${word} aus Papier`).first()).toBeVisible();
    await shopper.getByRole('button', { name: 'Jetzt kaufen' }).first().click();
    const sheet = shopper.getByRole('dialog', { name: 'Variante und Menge wählen' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('radio', { name: 'M', exact: true }).click();
    await expect(sheet.getByRole('radio', { name: /^Red · Ausverkauft$/ })).toBeDisabled();
    await sheet.getByRole('radio', { name: 'Blue', exact: true }).click();
    await expect(sheet.getByRole('button', { name: 'Jetzt kaufen' })).toBeEnabled();
  });
});
