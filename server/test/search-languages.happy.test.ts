import { sql } from 'drizzle-orm';
import { LANGUAGE_CODES, type ProductSearchPage } from '@marketplace/shared/contracts';
import { call, createTestApp, type TestApp } from './harness';
import { rows } from './catalogue.fixtures';
import { createVocabulary, searchVocabulary } from '../src/modules/catalogue/search-vocabulary';

/**
 * Search in the shopper's language (docs/requirements.md §4.2) on the demo catalogue, on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: the catalogue's nouns in 34 languages find the English titles, with the
 * search's typo tolerance; a keyword naming a shop brings its card first; hot keywords and suggestions come
 * out in the shopper's language and a search from them finds their products; English is as before.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

const ask = async <T>(url: string, lang: string) => {
  const reply = await call<T>(t.app, { method: 'GET', url, headers: { lang } });
  expect(reply.code).toBe(1);
  return reply.data;
};
const search = (keyword: string, lang: string, more = '') =>
  ask<ProductSearchPage>(`/api/catalogue/products?keyword=${encodeURIComponent(keyword)}${more}`, lang);

describe('the vocabulary', () => {
  it('has the same nouns in all 34 languages, each with a name, none of them an emoji', () => {
    const vocabulary = searchVocabulary();
    expect([...vocabulary.languages()].sort()).toEqual([...LANGUAGE_CODES].sort());
    const english = vocabulary.nouns('en');
    expect(english.length).toBeGreaterThan(100);
    for (const lang of LANGUAGE_CODES) {
      expect([...vocabulary.nouns(lang)].sort()).toEqual([...english].sort());
      for (const noun of english)
        expect(vocabulary.fromEnglish(noun, lang)).not.toMatch(/^\s*$|\p{Extended_Pictographic}/u);
    }
  });

  it('holds every noun of the seeded titles (a product keyword)', async () => {
    const keywords = await rows<{ keyword: string }>(t.db, sql`SELECT DISTINCT keyword FROM products`);
    const nouns = new Set(searchVocabulary().nouns('de'));
    expect(keywords.filter(({ keyword }) => !nouns.has(keyword))).toEqual([]);
  });

  it('puts nouns into English and back, longest first, with typos', () => {
    const vocabulary = createVocabulary();
    expect(vocabulary.toEnglish('Tastatur', 'de')).toBe('keyboard');
    expect(vocabulary.toEnglish('tastatr', 'de')).toBe('keyboard');
    expect(vocabulary.toEnglish('Mechanische Tastatur', 'de')).toBe('mechanical keyboard');
    expect(vocabulary.toEnglish('Lumina Pro Mechanische Tastatur', 'de', new Set(['lumina', 'pro']))).toBe(
      'lumina pro mechanical keyboard',
    );
    expect(vocabulary.toEnglish('Lumina 机械键盘', 'zh-cn')).toBe('lumina mechanical keyboard');
    expect(vocabulary.toEnglish('keyboard', 'de', new Set(['keyboard']))).toBeNull();
    expect(vocabulary.toEnglish('Tastatur', 'en')).toBeNull();
    expect(vocabulary.fromEnglish('Lumina Pro Mechanical Keyboard', 'de')).toBe('Lumina Pro Mechanische Tastatur');
    expect(vocabulary.fromEnglish('Mechanical Keyboard', 'fr')).toBe('Clavier mécanique');
  });
});

describe("a keyword in the shopper's language", () => {
  it.each([
    ['de', 'Tastatur'],
    ['de', 'Tastatr'],
    ['at', 'tastatur'],
    ['fr', 'clavier'],
    ['zh-cn', '键盘'],
    ['jp', 'キーボード'],
    ['ru', 'клавиатура'],
  ])('%s "%s" finds the keyboards, as "keyboard" does in English', async (lang, word) => {
    const english = await search('keyboard', 'en', '&pageSize=50');
    expect(english.total).toBeGreaterThan(0);
    const found = await search(word, lang, '&pageSize=50');
    expect(found.total).toBe(english.total);
    expect(found.list.map((p) => p.id)).toEqual(english.list.map((p) => p.id));
    expect(found.list.every((p) => /keyboard/i.test(p.title))).toBe(true);
    expect(found.closest).toBeUndefined();
  });

  it('without the vocabulary, "Tastatur" finds nothing in English (the test can fail)', async () => {
    const found = await search('Tastatur', 'en');
    expect(found.total).toBe(0);
  });

  it('English keywords are searched as before in every language', async () => {
    const english = await search('wireless mouse', 'en');
    const german = await search('wireless mouse', 'de');
    expect(german.list.map((p) => p.id)).toEqual(english.list.map((p) => p.id));
    expect(english.shop).toBeUndefined();
  });
});

describe('a keyword naming a shop', () => {
  const topShop = async () => {
    const [shop] = await rows<{ id: number; name: string }>(
      t.db,
      sql`SELECT s.id, s.name FROM shops s ORDER BY s.sales DESC, s.id LIMIT 1`,
    );
    return shop!;
  };

  it('gives the shop card with the products, by the whole name, a typo of it or most of its start', async () => {
    const shop = await topShop();
    const slip = `${shop.name.slice(0, 2)}${shop.name[3]}${shop.name[2]}${shop.name.slice(4)}`;
    for (const [keyword, lang] of [
      [shop.name, 'en'],
      [shop.name.toLowerCase(), 'de'],
      [slip, 'en'],
      [shop.name.slice(0, shop.name.lastIndexOf(' ') + 3), 'fr'],
    ] as const) {
      const found = await search(keyword, lang);
      expect(found.shop).toMatchObject({ id: shop.id, name: shop.name });
      expect(found.shop!.logo).toBeTruthy();
    }
    const products = await search(shop.name, 'en');
    expect(products.total).toBeGreaterThan(0);
  });

  it('not for a product word, nor for the first word many shop names share', async () => {
    expect((await search('keyboard', 'en')).shop).toBeUndefined();
    const shop = await topShop();
    expect((await search(shop.name.split(' ')[0]!, 'en')).shop).toBeUndefined();
  });
});

describe("hot keywords and suggestions in the shopper's language", () => {
  it('hot keywords are German in the German app, and a search from each finds its products', async () => {
    const english = await ask<string[]>('/api/catalogue/hot_keywords', 'en');
    const german = await ask<string[]>('/api/catalogue/hot_keywords', 'de');
    expect(german).toHaveLength(english.length);
    const vocabulary = searchVocabulary();
    expect(german).toEqual(english.map((keyword) => vocabulary.fromEnglish(keyword, 'de')));
    expect(german.filter((keyword, i) => keyword !== english[i]).length).toBeGreaterThan(english.length / 2);
    for (const [i, keyword] of german.entries()) {
      const found = await search(keyword, 'de', '&pageSize=5');
      const inEnglish = await search(english[i]!, 'en', '&pageSize=5');
      expect(found.total).toBe(inEnglish.total);
    }
  });

  it('suggestions show the nouns being typed and the titles with their noun translated', async () => {
    const suggested = await ask<string[]>('/api/catalogue/suggestions?keyword=Tasta', 'de');
    expect(suggested[0]).toBe('Tastatur');
    const titles = await ask<string[]>('/api/catalogue/suggestions?keyword=Tastatur', 'de');
    expect(titles.some((title) => /Mechanische Tastatur$/.test(title))).toBe(true);
    expect(titles.some((title) => /Keyboard/.test(title))).toBe(false);
    const title = titles.find((s) => s !== 'Tastatur')!;
    expect((await search(title, 'de')).total).toBeGreaterThan(0);
    const english = await ask<string[]>('/api/catalogue/suggestions?keyword=keyboard', 'en');
    expect(english.some((s) => /Keyboard$/.test(s))).toBe(true);
  });
});
