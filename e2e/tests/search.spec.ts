import { expect, test } from '../fixtures';

/** Whole cents of a shown amount such as "$1,234.50". */
const centsOf = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

test.describe('search (docs/decisions/0006-search-at-scale.md)', () => {
  // Search, not offline use: the shell's service worker (docs/decisions/0005-installable-offline.md) is kept out of these pages.
  test.use({ serviceWorkers: 'block' });
  // Several screens and lists per test: three times the default time on the shared cores.
  test.slow();

  test('a misspelt product name shows suggestions, the results and "Did you mean"; sort and filter keep the query', async ({
    shopperPage: page,
  }) => {
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Search keyword' });
    await box.fill('keybord');

    // Suggestions while typing already read the misspelt word as the product it means.
    const suggestions = page.getByRole('list', { name: 'Suggestions' });
    await expect(suggestions.getByRole('button').first()).toContainText('Keyboard');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/searchs\?keyword=keybord$/);

    const results = page.getByRole('list', { name: '“keybord”' });
    await expect(results.getByRole('link').first()).toContainText('Keyboard');
    await expect(page.getByRole('link', { name: 'Did you mean “keyboard”?' })).toBeVisible();
    // Best match is the order of a search.
    await expect(page.getByRole('tab', { name: 'Best match' })).toHaveAttribute('aria-selected', 'true');

    // A sort keeps the keyword and orders the matched products.
    await page.getByRole('tab', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(/\/searchs\?keyword=keybord&sort=priceAsc$/);
    const tiles = results.getByRole('link');
    await expect(tiles.first()).toContainText('Keyboard');
    await expect(page.getByRole('link', { name: 'Did you mean “keyboard”?' })).toBeVisible();
    const prices = (await results.locator('.catalogue-product-tile__price').allTextContents()).map(centsOf);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // The filter opens on the list's filter and keeps the keyword.
    await page.getByRole('link', { name: 'Filter' }).click();
    await expect(page.getByRole('radio', { name: 'Price: low to high' })).toBeChecked();
    await page.getByRole('radio', { name: 'Computer' }).click();
    await page.getByRole('textbox', { name: 'Maximum price' }).fill('100');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/searchs\?keyword=keybord&category=computer&sort=priceAsc&maxPrice=10000$/);
    const filtered = page.getByRole('list', { name: '“keybord”' });
    await expect(filtered.getByRole('link').first()).toContainText('Keyboard');
    for (const price of (await filtered.locator('.catalogue-product-tile__price').allTextContents()).map(centsOf)) {
      expect(price).toBeLessThanOrEqual(10_000);
    }

    // The search box opens with the query in it.
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('searchbox', { name: 'Search keyword' })).toHaveValue('keybord');
  });

  test('a category name in another language finds its products; an empty search offers the closest category', async ({
    shopperPage: page,
  }) => {
    await page.goto(`/searchs?keyword=${encodeURIComponent('Móviles')}`);
    const results = page.getByRole('list', { name: '“Móviles”' });
    await expect(results.getByRole('link').first()).toBeVisible();

    await page.goto('/searchs?keyword=campingplatz');
    await expect(page.getByText('No products match your search')).toBeVisible();
    const closest = page.getByRole('region', { name: 'Popular in Outdoors' });
    await expect(closest.getByRole('link').first()).toBeVisible();
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('searchbox', { name: 'Search keyword' })).toHaveValue('campingplatz');
  });
});
