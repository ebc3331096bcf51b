import { expect, scrollPast, tab, test, type Page } from '../fixtures';

/** Whole cents of a shown amount such as "$1,234.50". */
const centsOf = (text: string): number => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

const fansOf = async (page: Page): Promise<number> =>
  Number(
    await page
      .getByRole('term')
      .filter({ hasText: /^Fans$/ })
      .locator('+ dd')
      .textContent(),
  );

test.describe('catalogue and bag', () => {
  test('search a keyword, open a product, choose a spec, add to bag: the bag shows it under its shop with the right total', async ({
    shopperPage: page,
  }) => {
    await tab(page, 'Home').click();
    await page.getByRole('button', { name: 'Search products and shops' }).click();
    await page.getByRole('searchbox', { name: 'Search keyword' }).fill('Wireless Mouse');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/searchs\?keyword=Wireless%20Mouse/);

    const results = page.getByRole('list', { name: '“Wireless Mouse”' });
    const first = results.getByRole('link').first();
    await expect(first).toContainText('Wireless Mouse');
    const title = ((await first.locator('.catalogue-product-tile__title').textContent()) ?? '').trim();
    await first.click();

    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const unitPrice = centsOf((await page.locator('.catalogue-detail__price').textContent()) ?? '');
    const shopName = (
      (await page.getByRole('region', { name: 'Shop' }).locator('.catalogue-shop-tile__name').textContent()) ?? ''
    ).trim();
    await page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: 'Black' }).click();
    await page.getByRole('group', { name: 'Quantity' }).getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('group', { name: 'Quantity' }).getByRole('spinbutton')).toHaveValue('2');
    await page.getByRole('button', { name: 'Add to bag' }).click();
    await expect(page.getByText('Added to bag', { exact: true })).toBeVisible();

    await page.goto('/bag');
    const shop = page.getByRole('region', { name: shopName });
    await expect(shop.getByRole('link', { name: title })).toBeVisible();
    await expect(shop.getByText('Colour: Black')).toBeVisible();
    await expect(shop.getByRole('group', { name: `Quantity of ${title}` }).getByRole('spinbutton')).toHaveValue('2');

    // Only this line selected: the selected total is its price times two.
    const total = page.locator('.catalogue-bag__total');
    const selectAll = page.getByRole('checkbox', { name: 'Select all', exact: true });
    if (!(await selectAll.isChecked())) {
      await selectAll.click();
      await expect(selectAll).toBeChecked();
    }
    await selectAll.click();
    await expect(selectAll).not.toBeChecked();
    await expect(total).toHaveText('Total $0.00');
    const line = shop.getByRole('checkbox', { name: `Select ${title}` });
    await line.click();
    await expect(line).toBeChecked();
    await expect.poll(async () => centsOf((await total.textContent()) ?? '')).toBe(unitPrice * 2);
  });

  test('follow a shop: it appears in My Favourite and its fan count rose by one', async ({ shopperPage: page }) => {
    await tab(page, 'Explore').click();
    const shops = page.getByRole('list', { name: 'Hot shops' });
    const first = shops.getByRole('link').first();
    const shopName = ((await first.locator('.catalogue-shop-tile__name').textContent()) ?? '').trim();
    await first.click();
    await expect(page.getByRole('heading', { name: shopName, level: 2 })).toBeVisible();

    // A retried run may find the shop followed already.
    const unfollow = page.getByRole('button', { name: 'Unfollow' });
    if (await unfollow.isVisible()) {
      await unfollow.click();
      await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    }
    const before = await fansOf(page);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByText('Follow Success', { exact: true })).toBeVisible();
    await expect(unfollow).toBeVisible();
    await expect.poll(() => fansOf(page)).toBe(before + 1);

    await page.goto('/myFavourite');
    await expect(page.getByRole('list', { name: 'My Favourite' }).getByRole('link', { name: shopName })).toBeVisible();
  });

  test('Home keeps its scroll position among the hot products after a visit elsewhere', async ({
    verifiedPage: page,
  }) => {
    await tab(page, 'Home').click();
    const products = page.getByRole('list', { name: 'Hot products' });
    await expect(products.getByRole('link').first()).toBeVisible();

    // The shopper scrolls on until Home is well down (the list grows as its next pages arrive).
    const scrolled = await scrollPast(page, 600);

    await tab(page, 'Explore').click();
    await expect(page).toHaveURL(/\/explore$/);
    await tab(page, 'Home').click();
    await expect(page).toHaveURL(/\/home$/);

    await expect.poll(() => page.evaluate((top) => Math.abs(window.scrollY - top), scrolled)).toBeLessThanOrEqual(5);
  });
});
