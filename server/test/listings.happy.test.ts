jest.setTimeout(180_000);

import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/prepared';
import { products } from '../src/db/schema';
import { admin, call, createOrdersTestApp, postAs, shopper as newShopper, type Buyer, type TestApp } from './kit';
import { approvedOwner, invitedStaff, type Seller } from './sellers.helpers';

/**
 * A seller's listings (docs/decisions/0012-variants-and-stock.md): create, edit, duplicate, publish and
 * unlist in the seller's own shop; only published products reach shoppers, in their language else English.
 */
let t: TestApp;
let owner: Seller;
let lister: Seller;
let finance: Seller;
let otherOwner: Seller;
let shopId: number;
let buyer: Buyer;

interface Listing {
  id: number;
  status: string;
  titles: Record<string, string>;
  descriptions: Record<string, string>;
  unitPrice: number;
  stock: number;
  specs: { name: string; options: string[] }[];
  variants: { spec: Record<string, string>; unitPrice: number; stock: number }[];
}

const jacket = (more: object = {}) => ({
  titles: { en: 'Quokkafleece Jacket', de: 'Quokkafleece Jacke' },
  descriptions: { en: 'Warm and light.', de: 'Warm und leicht, mit Kapuze.' },
  category: 'outdoors',
  specs: [
    { name: 'Colour', options: ['Red', 'Blue'] },
    { name: 'Size', options: ['M', 'L'] },
  ],
  variants: [
    { spec: { Colour: 'Red', Size: 'M' }, unitPrice: 5_900, stock: 1 },
    { spec: { Colour: 'Blue', Size: 'L' }, unitPrice: 6_400, stock: 4 },
  ],
  ...more,
});

const sell = <T = Listing>(seller: Seller, url: string, payload: object) => postAs<T>(t.app, seller, url, payload);
const shopperGet = <T>(url: string, lang = 'en') => call<T>(t.app, { method: 'GET', url, headers: { lang } });
const found = async (keyword: string, lang = 'en') =>
  (
    await shopperGet<{ list: { id: number }[] }>(`/api/catalogue/products?keyword=${encodeURIComponent(keyword)}`, lang)
  ).data.list.map((card) => card.id);

/** Whether search's vocabulary (search_words, where typo corrections come from) knows `word`. */
const known = async (word: string) =>
  (await rowsOf<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM search_words WHERE word = ${word}`))[0]?.n ===
  1;

beforeAll(async () => {
  t = await createOrdersTestApp();
  const operator = { headers: admin };
  ({ owner, shopId } = await approvedOwner(t, operator, 'Quokka Outdoor', 'q.owner@example.com'));
  ({ owner: otherOwner } = await approvedOwner(t, operator, 'Other Outdoor', 'o.owner@example.com'));
  lister = await invitedStaff(t, owner, 'q.lister@example.com', ['listings']);
  finance = await invitedStaff(t, owner, 'q.finance@example.com', ['finance']);
  buyer = await newShopper(t, 'listingbuyer', { balance: 100_000 });
});
afterAll(() => t.close());

describe('seller listings', () => {
  let id: number;

  it('creates a draft with its variants: price is the lowest, stock the sum; shoppers cannot see it', async () => {
    const created = await sell(lister, '/api/seller/product/create', jacket());
    expect(created).toMatchObject({ code: 1, data: { status: 'draft', unitPrice: 5_900, stock: 5 } });
    id = created.data.id;
    expect(created.data.variants).toHaveLength(2);
    expect((await shopperGet(`/api/catalogue/product?id=${id}`)).msg).toBe('Product not found');
    expect(await found('Quokkafleece Jacket')).toEqual([]);
    // A draft teaches search nothing.
    expect(await known('quokkafleece')).toBe(false);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ shopId, status: 'draft', title: 'Quokkafleece Jacket', stock: 5 });
  });

  it('publishes: found by an English and a German word, read in German, else English; each variant priced', async () => {
    expect((await sell(lister, '/api/seller/product/status', { id, status: 'published' })).data.status).toBe(
      'published',
    );
    expect(await found('Quokkafleece')).toContain(id);
    expect(await found('kapuze', 'de')).toContain(id);
    // Publishing taught search the listing's words: a misspelling of one (a letter left out) is corrected.
    expect(await known('quokkafleece')).toBe(true);
    expect(await found('Quokkaflece')).toContain(id);
    const german = await shopperGet<{ title: string; description: string; variants: unknown[] }>(
      `/api/catalogue/product?id=${id}`,
      'de',
    );
    expect(german.data).toMatchObject({ title: 'Quokkafleece Jacke', description: 'Warm und leicht, mit Kapuze.' });
    expect(german.data.variants).toEqual([
      { spec: { Colour: 'Red', Size: 'M' }, unitPrice: 5_900, stock: 1 },
      { spec: { Colour: 'Blue', Size: 'L' }, unitPrice: 6_400, stock: 4 },
    ]);
    const french = await shopperGet<{ title: string }>(`/api/catalogue/product?id=${id}`, 'fr');
    expect(french.data.title).toBe('Quokkafleece Jacket');
    const shopList = await shopperGet<{ list: { id: number }[] }>(`/api/catalogue/shop_products?id=${shopId}`);
    expect(shopList.data.list.map((card) => card.id)).toContain(id);
    expect((await postAs(t.app, buyer, '/api/catalogue/save_product', { productId: id })).code).toBe(1);
  });

  it('sells the last Red M once; it is then sold out while Blue L still sells; a combination not listed is refused', async () => {
    const order = (spec: Record<string, string>) =>
      postAs<{ orders: { total: number }[] }>(t.app, buyer, '/api/order/create', {
        buyNow: { productId: id, quantity: 1, spec },
        addressId: buyer.addressId,
      });
    const first = await order({ Colour: 'Red', Size: 'M' });
    expect(first.code).toBe(1);
    expect(first.data.orders[0]!.total - 0).toBeGreaterThanOrEqual(5_900);
    expect((await order({ Colour: 'Red', Size: 'M' })).msg).toBe('Quokkafleece Jacket is out of stock (only 0 left)');
    expect((await order({ Colour: 'Blue', Size: 'L' })).code).toBe(1);
    expect((await order({ Colour: 'Red', Size: 'L' })).msg).toBe(
      'Quokkafleece Jacket: this combination of options is not sold',
    );
  });

  it('edits texts, prices and stock: a variant left out goes, a new one comes, the sum follows', async () => {
    const edited = await sell(owner, '/api/seller/product/edit', {
      id,
      ...jacket({
        titles: { en: 'Quokkafleece Parka' },
        variants: [
          { spec: { Colour: 'Blue', Size: 'L' }, unitPrice: 6_000, stock: 9 },
          { spec: {}, unitPrice: 5_500, stock: 2 },
        ],
      }),
    });
    expect(edited).toMatchObject({
      code: 1,
      data: { unitPrice: 5_500, stock: 11, titles: { en: 'Quokkafleece Parka' } },
    });
    expect(edited.data.variants.map((v) => v.spec)).toEqual([{ Colour: 'Blue', Size: 'L' }, {}]);
  });

  it('duplicates as a draft with the same texts and variants', async () => {
    const copy = await sell(lister, '/api/seller/product/duplicate', { id });
    expect(copy).toMatchObject({ code: 1, data: { status: 'draft', stock: 11, titles: { en: 'Quokkafleece Parka' } } });
    expect(copy.data.id).not.toBe(id);
    const list = await call<{ list: { id: number }[]; total: number }>(t.app, {
      method: 'GET',
      url: '/api/seller/products',
      headers: lister.headers,
    });
    expect(list.data.list.map((row) => row.id)).toEqual([copy.data.id, id]);
  });

  it('unlists: gone from search, the shop page and the detail page; the order keeps its snapshot', async () => {
    expect((await sell(lister, '/api/seller/product/status', { id, status: 'unlisted' })).data.status).toBe('unlisted');
    // Shoppers' answers are kept up to 5 s (search, shop page) and 2 s (detail): gone within seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    t.advance(2_001);
    expect(await found('Quokkafleece')).not.toContain(id);
    const shopList = await shopperGet<{ list: { id: number }[] }>(`/api/catalogue/shop_products?id=${shopId}`);
    expect(shopList.data.list.map((card) => card.id)).not.toContain(id);
    expect((await shopperGet(`/api/catalogue/product?id=${id}`)).msg).toBe('Product not found');
    const orders = await call<{ list: { firstTitle?: string; title?: string }[] }>(t.app, {
      method: 'GET',
      url: '/api/user/order_list',
      headers: buyer.headers,
    });
    expect(JSON.stringify(orders.data.list)).toContain('Quokkafleece Jacket');
    const again = await postAs(t.app, buyer, '/api/order/create', {
      buyNow: { productId: id, quantity: 1, spec: { Colour: 'Blue', Size: 'L' } },
      addressId: buyer.addressId,
    });
    expect(again.msg).toBe('This product is no longer available');
    // A shopper who saved it can still take it out of their favourites.
    const unsaved = await postAs(t.app, buyer, '/api/catalogue/unsave_product', { productId: id });
    expect(unsaved).toMatchObject({ code: 1, data: { saved: false } });
  });

  it.each([
    [
      'no English title',
      { titles: { de: 'Nur Deutsch' } },
      'A title is 1 to 120 characters, and the English title is required',
    ],
    ['an empty title', { titles: { en: ' ' } }, 'A title is 1 to 120 characters, and the English title is required'],
    ['an unknown language', { titles: { en: 'Ok', xx: 'Nope' } }, 'This language is not supported'],
    ['an unknown category', { category: 'spaceships' }, 'This category does not exist'],
    ['a repeated option value', { specs: [{ name: 'Colour', options: ['Red', 'Red'] }] }, /^Options: at most 3/],
    [
      'a variant naming an unknown option',
      { variants: [{ spec: { Colour: 'Green', Size: 'M' }, unitPrice: 1, stock: 1 }] },
      /^Each variant names one value/,
    ],
    [
      'a variant naming only some options',
      { variants: [{ spec: { Colour: 'Red' }, unitPrice: 1, stock: 1 }] },
      /^Each variant names one value/,
    ],
    [
      'the same combination twice',
      {
        variants: [
          { spec: { Colour: 'Red', Size: 'M' }, unitPrice: 1, stock: 1 },
          { spec: { Size: 'M', Colour: 'Red' }, unitPrice: 2, stock: 1 },
        ],
      },
      /^Each variant names one value/,
    ],
    ['a negative stock', { variants: [{ spec: {}, unitPrice: 1, stock: -1 }] }, /^Each variant names one value/],
    [
      'a price in fractions of a cent',
      { variants: [{ spec: {}, unitPrice: 1.5, stock: 1 }] },
      /^Each variant names one value/,
    ],
    ['no variant', { variants: [] }, /^Each variant names one value/],
  ])('refuses %s with a clear message', async (_label, change, message) => {
    const reply = await sell(lister, '/api/seller/product/create', jacket(change));
    expect(reply.code).toBe(0);
    expect(reply.status).toBeLessThan(500);
    expect(reply.msg).toMatch(message);
  });

  it('refuses a status other than published or unlisted', async () => {
    const reply = await sell(lister, '/api/seller/product/status', { id, status: 'deleted' });
    expect(reply.msg).toBe('A listing is published, unlisted or kept as a draft');
  });

  it("never reaches another shop's product, and needs the listings role", async () => {
    const before = await t.db.select().from(products).where(eq(products.id, id));
    for (const [url, payload] of [
      ['/api/seller/product/edit', { id, ...jacket() }],
      ['/api/seller/product/duplicate', { id }],
      ['/api/seller/product/status', { id, status: 'published' }],
    ] as const) {
      expect((await sell(otherOwner, url, payload)).msg).toBe('This product does not exist in your shop');
      expect((await sell(finance, url, payload)).status).toBe(403);
    }
    const view = await call(t.app, { method: 'GET', url: `/api/seller/product?id=${id}`, headers: otherOwner.headers });
    expect(view.msg).toBe('This product does not exist in your shop');
    expect(await t.db.select().from(products).where(eq(products.id, id))).toEqual(before);
  });
});
