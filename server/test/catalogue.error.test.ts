import { sql } from 'drizzle-orm';
import { openAsDemoShopper, type TestApp } from './harness';
import { get, post, rows } from './catalogue.fixtures';

let t: TestApp;
let demo: string;
beforeAll(async () => ({ t, token: demo } = await openAsDemoShopper()));
afterAll(() => t.close());

/** Catalogue state a refused request must leave untouched. */
const catalogueState = async () =>
  rows(
    t.db,
    sql`SELECT (SELECT md5(string_agg(s::text, ',' ORDER BY s.id)) FROM shops s) AS shops,
               (SELECT md5(string_agg(p::text, ',' ORDER BY p.id)) FROM products p) AS products,
               (SELECT count(*)::int FROM shop_follows) AS follows,
               (SELECT count(*)::int FROM saved_products) AS saved`,
  );

describe('bad catalogue input', () => {
  const refused: [string, string][] = [
    ['/api/catalogue/products?sort=cheapest', 'Sort must be one of: sales, priceAsc, priceDesc, newest'],
    ['/api/catalogue/products?pageSize=101', 'Page size must be a whole number from 1 to 100'],
    ['/api/catalogue/products?pageSize=0', 'Page size must be a whole number from 1 to 100'],
    ['/api/catalogue/products?page=0', 'Page must be a whole number from 1'],
    ['/api/catalogue/products?page=1.5', 'Page must be a whole number from 1'],
    ['/api/catalogue/products?minPrice=-1', 'Price must be a whole number of cents, 0 or more'],
    ['/api/catalogue/products?maxPrice=99999999999999999', 'Price must be a whole number of cents, 0 or more'],
    ['/api/catalogue/products?minPrice=500&maxPrice=100', 'The lowest price must not be above the highest price'],
    ['/api/catalogue/products?category=weapons', 'This category does not exist'],
    [`/api/catalogue/products?keyword=${'k'.repeat(65)}`, 'Search keyword must be at most 64 characters'],
    ['/api/catalogue/hot_products?pageSize=1000', 'Page size must be a whole number from 1 to 100'],
    ['/api/catalogue/hot_shops?pageSize=abc', 'Page size must be a whole number from 1 to 100'],
    ['/api/catalogue/popular?page=-3', 'Page must be a whole number from 1'],
    ['/api/catalogue/product?id=999999', 'Product not found'],
    ['/api/catalogue/product?id=abc', 'Product not found'],
    ['/api/catalogue/product?id=99999999999', 'Product not found'],
    ['/api/catalogue/product', 'Product not found'],
    ['/api/catalogue/shop?id=999999', 'Shop not found'],
    ['/api/catalogue/shop?id=-2', 'Shop not found'],
    ['/api/catalogue/shop_products?id=999999', 'Shop not found'],
    ['/api/catalogue/shop_products?id=1&sort=random', 'Sort must be one of: sales, priceAsc, priceDesc, newest'],
    [`/api/catalogue/suggestions?keyword=${'k'.repeat(65)}`, 'Search keyword must be at most 64 characters'],
  ];
  it.each(refused)('GET %s → code 0 "%s", nothing changed', async (url, msg) => {
    const before = await catalogueState();
    expect(await get(t.app, url, demo)).toMatchObject({ status: 200, code: 0, msg, data: null });
    expect(await catalogueState()).toEqual(before);
  });

  const refusedPosts: [string, unknown, string][] = [
    ['/api/catalogue/follow', { shopId: 999_999 }, 'Shop not found'],
    ['/api/catalogue/follow', { shopId: '1' }, 'Shop not found'],
    ['/api/catalogue/follow', { shopId: -1 }, 'Shop not found'],
    ['/api/catalogue/follow', {}, 'Shop not found'],
    ['/api/catalogue/unfollow', { shopId: 999_999 }, 'Shop not found'],
    ['/api/catalogue/save_product', { productId: 999_999 }, 'Product not found'],
    ['/api/catalogue/save_product', { productId: 1.5 }, 'Product not found'],
    ['/api/catalogue/unsave_product', { productId: 0 }, 'Product not found'],
  ];
  it.each(refusedPosts)('POST %s %j → code 0 "%s", nothing changed', async (url, payload, msg) => {
    const before = await catalogueState();
    expect(await post(t.app, url, payload, demo)).toMatchObject({ status: 200, code: 0, msg, data: null });
    expect(await catalogueState()).toEqual(before);
  });

  it.each(['/api/catalogue/follow', '/api/catalogue/unfollow'])('POST %s needs a login', async (url) => {
    expect(await post(t.app, url, { shopId: 1 })).toMatchObject({ status: 401, code: 401, msg: 'Please login first' });
  });

  it.each(['/api/catalogue/followed_shops', '/api/catalogue/saved_products'])('GET %s needs a login', async (url) => {
    expect(await get(t.app, url)).toMatchObject({ status: 401, code: 401, msg: 'Please login first' });
  });

  it('answers in Chinese when asked', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/catalogue/product?id=999999',
      headers: { lang: 'zh-cn' },
    });
    expect(reply.json()).toMatchObject({ code: 0, msg: '商品不存在' });
  });

  it('treats an expired or made-up token on public pages as an anonymous shopper', async () => {
    const reply = await get<{ followed: boolean }>(t.app, '/api/catalogue/shop?id=1', 'made-up');
    expect(reply).toMatchObject({ code: 1, data: { followed: false } });
  });

  it.each([
    '/api/images/product/999999.svg',
    '/api/images/product/1-9.svg',
    '/api/images/shop/1-2.svg',
    '/api/images/shop/abc.svg',
    '/api/images/user/1.svg',
    '/api/images/product/1.png',
  ])('answers 404 for the picture %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode === 404 || response.json<{ code: number }>().code === 0).toBe(true);
    expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});
