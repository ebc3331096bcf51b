import { expect, test, type Page } from '../fixtures';
import { seriousViolations } from '../axe';

/** The app in German, from the next page load on (the Local_Lang cookie, as the language picker stores it). */
const useGerman = async (page: Page) => {
  await page.goto('/search');
  const { origin } = new URL(page.url());
  const value = JSON.stringify({ language_name: 'Deutsch', chinese_name: '德语', file_name: 'de' });
  await page.context().addCookies([{ name: 'Local_Lang', value: encodeURIComponent(value), url: origin }]);
};

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

  test('in the German app "Tastatur" finds keyboards, hot searches and suggestions are German, the search screen is axe clean', async ({
    shopperPage: page,
  }) => {
    await useGerman(page);
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Suchbegriff' });
    await expect(box).toBeVisible();

    // Hot searches in German (the catalogue's nouns translated), and a chip's search finds its products.
    const hot = page.getByRole('list', { name: 'Beliebte Suchen' });
    await expect(hot.getByRole('button').first()).toBeVisible();
    const chips = await hot.getByRole('button').allTextContents();
    const english = (await (await page.request.get('/api/catalogue/hot_keywords')).json()) as { data: string[] };
    expect(chips.length).toBe(english.data.length);
    expect(chips.filter((chip) => english.data.includes(chip)).length).toBeLessThan(chips.length / 2);
    expect(await seriousViolations(page)).toEqual([]);
    const chip = chips[0]!;
    await hot.getByRole('button', { name: chip, exact: true }).click();
    await expect(
      page
        .getByRole('list', { name: `„${chip}“` })
        .getByRole('link')
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: /^Beliebt in/ })).toHaveCount(0);

    // Suggestions while typing: the German noun first.
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Suchbegriff' }).fill('Tasta');
    const suggestions = page.getByRole('list', { name: 'Vorschläge' });
    await expect(suggestions.getByRole('button').first()).toHaveText('Tastatur');
    expect(await seriousViolations(page)).toEqual([]);

    // "Tastatur" finds the keyboards, not "Popular in Food".
    await page.getByRole('searchbox', { name: 'Suchbegriff' }).fill('Tastatur');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/searchs\?keyword=Tastatur$/);
    const results = page.getByRole('list', { name: '„Tastatur“' });
    await expect(results.getByRole('link').first()).toContainText('Keyboard');
    await expect(page.getByText('Keine Produkte', { exact: false })).toHaveCount(0);
    await expect(page.getByRole('region', { name: /^Beliebt in/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a shop's name shows its card above the products, linking to the shop", async ({ shopperPage: page }) => {
    const answer = (await (await page.request.get('/api/catalogue/hot_shops?page=1&pageSize=1')).json()) as {
      data: { list: { id: number; name: string }[] };
    };
    const shop = answer.data.list[0]!;
    await page.goto(`/searchs?keyword=${encodeURIComponent(shop.name)}`);
    const card = page.getByRole('region', { name: 'Shop matching your search' });
    await expect(card.getByRole('link')).toContainText(shop.name);
    await expect(card.locator('img').first()).toBeVisible();
    // The card comes before the products.
    const results = page.getByRole('list', { name: `“${shop.name}”` });
    await expect(results.getByRole('link').first()).toBeVisible();
    const cardTop = (await card.boundingBox())!.y;
    const listTop = (await results.boundingBox())!.y;
    expect(cardTop).toBeLessThan(listTop);
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/shop/${shop.id}$`));
  });
});
