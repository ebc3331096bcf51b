import { sql } from 'drizzle-orm';
import type { ProductSearchPage } from '@marketplace/shared/contracts';
import { createTestApp, type TestApp } from './harness';
import { get, rows } from './catalogue.fixtures';
import { createSearchRepository, hasCorrections, planSearch } from '../src/modules/catalogue/search.repository';

/**
 * Search (docs/decisions/0006-search-at-scale.md) on the demo catalogue plus a few products whose words the demo lacks, on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL: typos, category names in other languages, shop names,
 * relevance, sorts on the matched set, "Did you mean", the closest category and suggestions.
 */
let t: TestApp;
let mobileShopId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [shop] = await rows<{ id: number }>(
    t.db,
    sql`SELECT shop_id AS id FROM products WHERE category = 'mobilePhone' GROUP BY shop_id ORDER BY count(*) DESC LIMIT 1`,
  );
  mobileShopId = shop!.id;
  // Sold 0: they rank on how well they match, not on sales.
  await t.db.execute(sql`
    INSERT INTO products (shop_id, title, keyword, category, unit_price, stock, sold, description, specs)
    VALUES
      (${mobileShopId}, 'Kaiyo Noise-cancelling Headphones', 'Headphones', 'mobilePhone', 8900, 10, 0,
       'Over-ear headphones with forty hours of battery.', '[{"name":"Colour","options":["Black"]}]'::jsonb),
      (${mobileShopId}, 'Pixelon Clear iPhone Case', 'iPhone Case', 'mobilePhone', 1500, 10, 0,
       'A clear case for the iPhone.', '[{"name":"Colour","options":["Clear"]}]'::jsonb),
      (${mobileShopId}, 'Smartphone', 'Smartphone', 'mobilePhone', 19900, 10, 0,
       'A phone.', '[{"name":"Colour","options":["Black"]}]'::jsonb)`);
  await t.db.execute(sql`SELECT refresh_search_words()`);
});
afterAll(() => t.close());

const search = async (query: string) => {
  const reply = await get<ProductSearchPage>(t.app, `/api/catalogue/products?${query}`);
  expect(reply.code).toBe(1);
  return reply.data;
};
const keyword = (text: string, more = '') => search(`keyword=${encodeURIComponent(text)}${more}`);

/** A misspelt keyword, a word of the product it means, and the keyword spelt right. */
const TYPOS: [typo: string, meant: string, right: string][] = [
  ['keybord', 'Mechanical Keyboard', 'keyboard'],
  ['hedphones', 'Headphones', 'headphones'],
  ['iphnoe', 'iPhone Case', 'iphone'],
  ['smartphnoe', 'Smartphone', 'smartphone'],
  ['laptpo', 'Laptop', 'laptop'],
  ['vacum', 'Robot Vacuum', 'vacuum'],
  ['choclate', 'Dark Chocolate', 'chocolate'],
  ['backpak', 'Hiking Backpack', 'backpack'],
  ['trench caot', 'Trench Coat', 'trench coat'],
  ['wirless mouse', 'Wireless Mouse', 'wireless mouse'],
];

describe('typo tolerance', () => {
  it.each(TYPOS)(
    '"%s" finds "%s" in the first 5, the same page as the right spelling, with "Did you mean"',
    async (typo, meant, right) => {
      const found = await keyword(typo, '&pageSize=5');
      expect(found.list.some((product) => product.title.includes(meant))).toBe(true);
      expect(found.didYouMean).toBe(right);
      const spelt = await keyword(right, '&pageSize=5');
      expect(spelt.didYouMean).toBeUndefined();
      expect(found.list.map((p) => p.id)).toEqual(spelt.list.map((p) => p.id));
      expect(found.total).toBe(spelt.total);
    },
  );

  it('corrects nothing when the keyword as typed finds something', async () => {
    const found = await keyword('shirt');
    expect(found.total).toBeGreaterThan(0);
    expect(found.didYouMean).toBeUndefined();
    expect(found.list.every((product) => /shirt/i.test(product.title))).toBe(true);
  });
});

describe('more than titles', () => {
  it.each([
    ['German', 'Handys'],
    ['Spanish', 'Móviles'],
    ['Spanish without accent, upper case', 'MOVILES'],
    ['Arabic', 'الهواتف المحمولة'],
    ['English', 'Mobile phone'],
  ])('the mobile-phone category in %s ("%s") finds all its products', async (_language, name) => {
    const [count] = await rows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM products WHERE category = 'mobilePhone'`,
    );
    const found = await keyword(name, '&pageSize=100');
    expect(found.total).toBe(count!.n);
    expect(found.list.every((product) => product.category === 'mobilePhone')).toBe(true);
  });

  it("a shop's name finds every product of that shop", async () => {
    const [shop] = await rows<{ id: number; name: string; n: number }>(
      t.db,
      sql`SELECT s.id, s.name, count(*)::int AS n FROM shops s JOIN products p ON p.shop_id = s.id
          GROUP BY s.id ORDER BY s.id LIMIT 1`,
    );
    const found = await keyword(shop!.name, '&pageSize=100');
    const ofShop = found.list.filter((product) => product.shopId === shop!.id);
    expect(ofShop).toHaveLength(shop!.n);
    // Nothing matches the whole name better than the shop's own products, except titles holding all its words.
    const firstOther = found.list.findIndex((product) => product.shopId !== shop!.id);
    expect(firstOther === -1 || firstOther >= shop!.n).toBe(true);
  });

  it("a renamed shop's products are found by the new name (the trigger refills their documents)", async () => {
    const [shop] = await rows<{ id: number; n: number }>(
      t.db,
      sql`SELECT shop_id AS id, count(*)::int AS n FROM products GROUP BY shop_id ORDER BY shop_id DESC LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE shops SET name = 'Quetzal Wharf' WHERE id = ${shop!.id}`);
    const found = await keyword('quetzal wharf', '&pageSize=100');
    expect(found.total).toBe(shop!.n);
    expect(found.list.every((product) => product.shopId === shop!.id && product.shopName === 'Quetzal Wharf')).toBe(
      true,
    );
  });

  it('spec values and descriptions match too', async () => {
    const bySpec = await keyword('Starlight');
    expect(bySpec.total).toBeGreaterThan(0);
    expect(bySpec.list.every((product) => product.title.includes('Smartphone'))).toBe(true);
    const byDescription = await keyword('forty hours');
    expect(byDescription.list.map((product) => product.title)).toEqual(['Kaiyo Noise-cancelling Headphones']);
  });
});

describe('relevance', () => {
  it('puts an exact title first, whatever it sold, then title words by sales', async () => {
    const found = await keyword('smartphone', '&pageSize=50');
    expect(found.list[0]!.title).toBe('Smartphone');
    const rest = found.list.slice(1).filter((product) => product.title.includes('Smartphone'));
    expect(rest.map((product) => product.sold)).toEqual([...rest.map((product) => product.sold)].sort((a, b) => b - a));
  });

  it('ranks title matches above shop, category and description matches', async () => {
    // "phone" is in titles (Phone Case, Smartphone), in the category's English name and in descriptions.
    const found = await keyword('phone', '&pageSize=100');
    const titled = found.list.map((product) => /phone/i.test(product.title));
    expect(titled.indexOf(false)).toBeGreaterThan(0);
    expect(titled.slice(titled.indexOf(false)).includes(true)).toBe(false);
  });

  it('sorts the matched set by sales and price when asked, with the same total', async () => {
    const best = await keyword('keyboard', '&pageSize=100');
    for (const sort of ['sales', 'priceAsc', 'priceDesc'] as const) {
      const sorted = await keyword('keyboard', `&pageSize=100&sort=${sort}`);
      expect(sorted.total).toBe(best.total);
      expect(new Set(sorted.list.map((p) => p.id))).toEqual(new Set(best.list.map((p) => p.id)));
      const key = sort === 'sales' ? (p: { sold: number }) => -p.sold : (p: { unitPrice: number }) => p.unitPrice;
      const values = sorted.list.map((p) => key(p as never));
      const expected = [...values].sort((a, b) => a - b);
      expect(sort === 'priceDesc' ? values : values).toEqual(sort === 'priceDesc' ? expected.reverse() : expected);
    }
  });

  it('keeps the keyword with a category and price filter', async () => {
    const found = await keyword('case', '&category=mobilePhone&maxPrice=2000&pageSize=100');
    expect(found.total).toBeGreaterThan(0);
    for (const product of found.list) {
      expect(product.category).toBe('mobilePhone');
      expect(product.unitPrice).toBeLessThanOrEqual(2000);
      expect(product.title.toLowerCase()).toContain('case');
    }
  });
});

describe('a common word read by walking the sort index (docs/decisions/0006-search-at-scale.md, at 100,000 products)', () => {
  // At 100,000 products a word thousands of products carry ("black", a big shop's name) is read by
  // walking the sort's index until the page is full, and counted by the vocabulary; here every word is
  // read that way ('always') and compared with reading every tier from the text-search indexes ('never').
  it.each(['relevance', 'sales', 'priceAsc', 'priceDesc', 'newest'] as const)(
    'gives the same pages and totals, sorted by %s',
    async (sort) => {
      await t.db.execute(sql`SELECT refresh_search_words()`);
      const [shop] = await rows<{ name: string }>(
        t.db,
        sql`SELECT s.name FROM shops s JOIN products p ON p.shop_id = s.id GROUP BY s.name ORDER BY count(*) DESC LIMIT 1`,
      );
      const walking = createSearchRepository(t.db, { walk: 'always' });
      const indexed = createSearchRepository(t.db, { walk: 'never' });
      const keywords = ['black', 'phone', 'keyboard', 'smartphone', 'tea', 'shirt', 'Handys', 'keybord', shop!.name];
      let walked = 0;
      for (const text of keywords) {
        const analysis = await walking.analyse(text);
        const plan = planSearch(analysis, { corrected: hasCorrections(analysis), prefixLast: false });
        if (plan.counts) walked += 1;
        for (const [offset, limit] of [
          [0, 5],
          [5, 5],
          [0, 40],
        ] as const) {
          const a = await walking.search(plan, {}, sort, offset, limit);
          const b = await indexed.search(plan, {}, sort, offset, limit);
          expect({ text, offset, total: a.total, ids: a.rows.map((row) => row.id) }).toEqual({
            text,
            offset,
            total: b.total,
            ids: b.rows.map((row) => row.id),
          });
        }
      }
      // Most of the keywords are one whole word the vocabulary counts: they took the walking path.
      expect(walked).toBeGreaterThan(keywords.length / 2);
    },
  );
});

describe('a keyword no other word holds inside it is read from its word index alone (docs/decisions/0006-search-at-scale.md)', () => {
  // "keyboard" is inside no other word of the catalogue, so every title holding it holds the word: the
  // trigram index (matching inside titles) finds nothing more. "phone" is inside "smartphone" and keeps it.
  it.each(['relevance', 'sales', 'priceAsc'] as const)(
    'finds the same pages and totals as matching inside titles, sorted by %s',
    async (sort) => {
      await t.db.execute(sql`SELECT refresh_search_words()`);
      const repository = createSearchRepository(t.db, { walk: 'never' });
      const plans = new Map<string, boolean>();
      for (const text of ['keyboard', 'Keyboard', 'headphones', 'keybord', 'laptop', 'phone', 'smartphone', 'shirt']) {
        const analysis = await repository.analyse(text);
        const plan = planSearch(analysis, { corrected: hasCorrections(analysis), prefixLast: false });
        plans.set(text, plan.substringIsWord);
        for (const [offset, limit] of [
          [0, 5],
          [0, 40],
        ] as const) {
          const alone = await repository.search(plan, {}, sort, offset, limit);
          const inside = await repository.search({ ...plan, substringIsWord: false }, {}, sort, offset, limit);
          expect(alone.total).toBeGreaterThan(0);
          expect({ text, total: alone.total, ids: alone.rows.map((row) => row.id) }).toEqual({
            text,
            total: inside.total,
            ids: inside.rows.map((row) => row.id),
          });
        }
      }
      expect(plans.get('keyboard')).toBe(true);
      expect(plans.get('keybord')).toBe(true);
      expect(plans.get('phone')).toBe(false);
    },
  );

  it('a title holding the keyword inside a longer word keeps it from being read as a word alone', async () => {
    const repository = createSearchRepository(t.db, { walk: 'never' });
    const before = planSearch(await repository.analyse('sprocket'), { corrected: false, prefixLast: false });
    await t.db.execute(sql`
      INSERT INTO products (shop_id, title, keyword, category, unit_price, stock, sold, description, specs)
      VALUES (${mobileShopId}, 'Zed Sprocket', 'Sprocket', 'toys', 900, 10, 0, 'A part.', '[]'::jsonb),
        (${mobileShopId}, 'Zed Megasprocket', 'Sprocket', 'toys', 900, 10, 0, 'A bigger part.', '[]'::jsonb)`);
    await t.db.execute(sql`SELECT refresh_search_words()`);
    const fresh = createSearchRepository(t.db, { walk: 'never' });
    const after = planSearch(await fresh.analyse('sprocket'), { corrected: false, prefixLast: false });
    expect(before.substringIsWord).toBe(true);
    expect(after.substringIsWord).toBe(false);
    const found = await fresh.search(after, {}, 'relevance', 0, 10);
    expect(found.rows.map((row) => row.title).sort()).toEqual(['Zed Megasprocket', 'Zed Sprocket']);
    await t.db.execute(sql`DELETE FROM products WHERE title IN ('Zed Sprocket', 'Zed Megasprocket')`);
    await t.db.execute(sql`SELECT refresh_search_words()`);
  });
});

describe('empty results', () => {
  it('offer the best sellers of the category the keyword is closest to', async () => {
    const found = await keyword('campingplatz');
    expect(found.total).toBe(0);
    expect(found.closest?.category).toBe('outdoors');
    expect(found.closest!.list.length).toBeGreaterThan(0);
    expect(found.closest!.list.every((product) => product.category === 'outdoors')).toBe(true);
    const sold = found.closest!.list.map((product) => product.sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
  });

  it('a wildcard character matches only itself (nothing here)', async () => {
    const found = await keyword('_');
    expect(found.total).toBe(0);
    expect(found.closest).toBeDefined();
  });
});

describe('suggestions', () => {
  const suggest = async (text: string) =>
    (await get<string[]>(t.app, `/api/catalogue/suggestions?keyword=${encodeURIComponent(text)}`)).data;

  it('complete the word being typed, ranked like the search', async () => {
    expect((await suggest('smartphone'))[0]).toBe('Smartphone');
    const titles = await suggest('smartph');
    expect(titles.length).toBeGreaterThan(1);
    expect(titles.every((title) => title.includes('Smartphone'))).toBe(true);
  });

  it('forgive a misspelt word', async () => {
    const titles = await suggest('keybord');
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => title.includes('Keyboard'))).toBe(true);
  });
});

describe('suggestions follow the catalogue (search_titles, kept by a trigger on products)', () => {
  const suggest = async (text: string) =>
    (await get<string[]>(t.app, `/api/catalogue/suggestions?keyword=${encodeURIComponent(text)}`)).data;
  const titlesOf = (title: string) =>
    rows<{ title: string; sold: number }>(t.db, sql`SELECT title, sold FROM search_titles WHERE title = ${title}`);

  it('a new title is suggested at once; a renamed or removed product takes its title along', async () => {
    const [product] = await rows<{ id: number }>(
      t.db,
      sql`INSERT INTO products (shop_id, title, keyword, category, unit_price, stock, sold, description, specs)
        VALUES (${mobileShopId}, 'Quizzle Lantern', 'Lantern', 'outdoors', 2500, 10, 7, 'A lantern.', '[]'::jsonb)
        RETURNING id`,
    );
    // The vocabulary (typo corrections) learns new words when it is rebuilt; the titles follow at once.
    await t.db.execute(sql`SELECT refresh_search_words()`);
    expect(await suggest('quizz')).toEqual(['Quizzle Lantern']);
    await t.db.execute(sql`UPDATE products SET sold = 40 WHERE id = ${product!.id}`);
    expect(await titlesOf('Quizzle Lantern')).toEqual([{ title: 'Quizzle Lantern', sold: 40 }]);

    await t.db.execute(sql`UPDATE products SET title = 'Quazzle Lantern' WHERE id = ${product!.id}`);
    await t.db.execute(sql`SELECT refresh_search_words()`);
    expect(await suggest('quazzl')).toEqual(['Quazzle Lantern']);
    expect(await titlesOf('Quizzle Lantern')).toEqual([]);

    await t.db.execute(sql`DELETE FROM products WHERE id = ${product!.id}`);
    expect(await suggest('quazzle')).toEqual([]);
    expect(await titlesOf('Quazzle Lantern')).toEqual([]);
  });

  it("a title's best sales fall back to its best remaining product", async () => {
    const inserted = await rows<{ id: number }>(
      t.db,
      sql`INSERT INTO products (shop_id, title, keyword, category, unit_price, stock, sold, description, specs)
        VALUES (${mobileShopId}, 'Wobblo Kite', 'Kite', 'toys', 900, 10, 90, 'A kite.', '[]'::jsonb),
          (${mobileShopId}, 'Wobblo Kite', 'Kite', 'toys', 900, 10, 30, 'A kite.', '[]'::jsonb)
        RETURNING id`,
    );
    expect(await titlesOf('Wobblo Kite')).toEqual([{ title: 'Wobblo Kite', sold: 90 }]);
    await t.db.execute(sql`UPDATE products SET sold = 5 WHERE id = ${inserted[0]!.id}`);
    expect(await titlesOf('Wobblo Kite')).toEqual([{ title: 'Wobblo Kite', sold: 30 }]);
    await t.db.execute(sql`DELETE FROM products WHERE id = ${inserted[1]!.id}`);
    expect(await titlesOf('Wobblo Kite')).toEqual([{ title: 'Wobblo Kite', sold: 5 }]);
  });
});
