import { sql } from 'drizzle-orm';
import {
  PRODUCT_CATEGORIES,
  type CategoryCount,
  type FollowResult,
  type Page,
  type ProductCard,
  type ProductDetail,
  type ShopCard,
  type ShopDetail,
} from '@marketplace/shared/contracts';
import { seedDemoData } from '../src/db/seed';
import { openAsDemoShopper, type TestApp } from './harness';
import { get, post, registerShopper, rows } from './catalogue.fixtures';

let t: TestApp;
let demo: string;
beforeAll(async () => ({ t, token: demo } = await openAsDemoShopper()));
afterAll(() => t.close());

const ids = (page: Page<ProductCard>) => page.list.map((p) => p.id);

/** The same search written directly in SQL: what the endpoint must return. */
const direct = async (where: string, order: string, offset: number, limit: number) => {
  const list = await rows<{ id: number }>(
    t.db,
    sql.raw(`SELECT id FROM products WHERE ${where} ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`),
  );
  const [total] = await rows<{ n: number }>(t.db, sql.raw(`SELECT count(*)::int AS n FROM products WHERE ${where}`));
  return { ids: list.map((r) => r.id), total: total?.n };
};

describe('demo catalogue', () => {
  it('has at least 30 shops and 600 products over the ten categories, seeded once', async () => {
    const [counts] = await rows<{ shops: number; products: number; categories: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM shops) AS shops, (SELECT count(*)::int FROM products) AS products,
                 (SELECT count(DISTINCT category)::int FROM products) AS categories`,
    );
    expect(counts!.shops).toBeGreaterThanOrEqual(30);
    expect(counts!.products).toBeGreaterThanOrEqual(600);
    expect(counts!.categories).toBe(10);
    await seedDemoData(t.db);
    const [again] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM products`);
    expect(again!.n).toBe(counts!.products);
    const bag = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM bag_items`);
    expect(bag[0]!.n).toBe(0);
  });

  it('lists the ten categories with product counts in the order of requirements §4.1', async () => {
    const reply = await get<CategoryCount[]>(t.app, '/api/catalogue/categories');
    expect(reply.data.map((c) => c.key)).toEqual([...PRODUCT_CATEGORIES]);
    const byCategory = await rows<{ category: string; n: number }>(
      t.db,
      sql`SELECT category, count(*)::int AS n FROM products GROUP BY category`,
    );
    for (const row of byCategory) {
      expect(reply.data.find((c) => c.key === row.category)?.productCount).toBe(row.n);
    }
  });
});

describe('product search', () => {
  const cases: { name: string; query: string; where: string; order: string; offset: number; limit: number }[] = [
    { name: 'default: sales, page 1', query: '', where: 'true', order: 'sold DESC, id DESC', offset: 0, limit: 20 },
    {
      // Words anywhere in the search document (title, shop, specs, description) or inside the title (docs/decisions/0006-search-at-scale.md).
      name: 'keyword (case-insensitive) sorted by price up, page 2 of 5',
      query: 'keyword=TEA&sort=priceAsc&page=2&pageSize=5',
      where: "search_doc @@ 'tea'::tsquery",
      order: 'unit_price ASC, id ASC',
      offset: 5,
      limit: 5,
    },
    {
      name: 'category + price range sorted by price down',
      query: 'category=computer&minPrice=10000&maxPrice=90000&sort=priceDesc&pageSize=100',
      where: "category = 'computer' AND unit_price BETWEEN 10000 AND 90000",
      order: 'unit_price DESC, id DESC',
      offset: 0,
      limit: 100,
    },
    {
      name: 'newest, page 3 of 7',
      query: 'sort=newest&page=3&pageSize=7',
      where: 'true',
      order: 'created_at DESC, id DESC',
      offset: 14,
      limit: 7,
    },
    {
      name: 'a wildcard character in the keyword matches only itself',
      query: 'keyword=_',
      where: 'false',
      order: 'sold DESC, id DESC',
      offset: 0,
      limit: 20,
    },
  ];
  it.each(cases)('returns the same rows as a direct query: $name', async ({ query, where, order, offset, limit }) => {
    const reply = await get<Page<ProductCard>>(t.app, `/api/catalogue/products?${query}`);
    expect(reply.code).toBe(1);
    const expected = await direct(where, order, offset, limit);
    expect({ ids: ids(reply.data), total: reply.data.total }).toEqual(expected);
  });

  it('pages through a keyword result without overlap or gaps', async () => {
    const all = await get<Page<ProductCard>>(t.app, '/api/catalogue/products?keyword=shirt&pageSize=100');
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(all.data.total / 9); page += 1) {
      paged.push(
        ...ids(
          (await get<Page<ProductCard>>(t.app, `/api/catalogue/products?keyword=shirt&pageSize=9&page=${page}`)).data,
        ),
      );
    }
    expect(all.data.total).toBeGreaterThan(9);
    expect(paged).toEqual(ids(all.data));
    const past = await get<Page<ProductCard>>(t.app, '/api/catalogue/products?keyword=shirt&pageSize=9&page=500');
    expect(past.data).toEqual({ list: [], total: all.data.total, page: 500, pageSize: 9 });
  });

  it('returns product cards with a picture URL and the shop name', async () => {
    const reply = await get<Page<ProductCard>>(t.app, '/api/catalogue/hot_products?pageSize=3');
    const first = reply.data.list[0]!;
    const [shop] = await rows<{ name: string }>(t.db, sql`SELECT name FROM shops WHERE id = ${first.shopId}`);
    expect(first).toMatchObject({ image: `/api/images/product/${first.id}.svg`, shopName: shop!.name });
    expect(ids(reply.data)).toEqual((await direct('true', 'sold DESC, id DESC', 0, 3)).ids);
  });

  it('ranks popular products by views', async () => {
    const reply = await get<Page<ProductCard>>(t.app, '/api/catalogue/popular?pageSize=10');
    expect(ids(reply.data)).toEqual((await direct('true', 'seen DESC, id DESC', 0, 10)).ids);
  });

  it('suggests at most ten titles containing the keyword and lists hot keywords', async () => {
    const suggestions = await get<string[]>(t.app, '/api/catalogue/suggestions?keyword=lap');
    expect(suggestions.data.length).toBeGreaterThan(0);
    expect(suggestions.data.length).toBeLessThanOrEqual(10);
    for (const title of suggestions.data) expect(title.toLowerCase()).toContain('lap');
    expect((await get<string[]>(t.app, '/api/catalogue/suggestions?keyword=')).data).toEqual([]);
    const hot = await get<string[]>(t.app, '/api/catalogue/hot_keywords');
    expect(hot.data).toHaveLength(10);
  });
});

describe('product detail', () => {
  it('counts a view and returns specs, gallery, shop, recommendations and rating', async () => {
    const [row] = await rows<{ id: number; seen: number }>(
      t.db,
      sql`SELECT id, seen FROM products ORDER BY id LIMIT 1`,
    );
    const reply = await get<ProductDetail>(t.app, `/api/catalogue/product?id=${row!.id}`);
    expect(reply.code).toBe(1);
    const detail = reply.data;
    expect(detail.seen).toBe(row!.seen + 1);
    expect(detail.specs.length).toBeGreaterThan(0);
    expect(detail.images[0]).toBe(`/api/images/product/${row!.id}.svg`);
    expect(detail.recommend.length).toBeGreaterThan(0);
    expect(detail.recommend.every((p) => p.category === detail.category && p.id !== detail.id)).toBe(true);
    expect(detail.shop.id).toBe(detail.shopId);
    expect(detail.saved).toBe(false);
    expect(detail.rating.productScore).toBeGreaterThanOrEqual(0);
    expect(detail.rating.productScore).toBeLessThanOrEqual(5);
  });

  it('serves generated pictures with long-lived immutable caching', async () => {
    const detail = (await get<ProductDetail>(t.app, '/api/catalogue/product?id=2')).data;
    for (const url of [...detail.images, detail.shop.logo]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toMatch(/^<svg [^>]*width="400" height="400"/);
    }
    const again = await t.app.inject({ method: 'GET', url: detail.images[0]! });
    expect(again.body).toBe((await t.app.inject({ method: 'GET', url: detail.images[0]! })).body);
  });

  it('saves and unsaves a product idempotently and lists saved products', async () => {
    expect((await post(t.app, '/api/catalogue/save_product', { productId: 5 }, demo)).data).toEqual({ saved: true });
    expect((await post(t.app, '/api/catalogue/save_product', { productId: 5 }, demo)).data).toEqual({ saved: true });
    await post(t.app, '/api/catalogue/save_product', { productId: 7 }, demo);
    const saved = await get<Page<ProductCard>>(t.app, '/api/catalogue/saved_products', demo);
    expect(ids(saved.data)).toEqual([7, 5]);
    expect((await get<ProductDetail>(t.app, '/api/catalogue/product?id=5', demo)).data.saved).toBe(true);
    expect((await post(t.app, '/api/catalogue/unsave_product', { productId: 5 }, demo)).data).toEqual({ saved: false });
    expect(ids((await get<Page<ProductCard>>(t.app, '/api/catalogue/saved_products', demo)).data)).toEqual([7]);
  });
});

describe('shops', () => {
  it('shows a shop with its product count and its products', async () => {
    const shop = await get<ShopDetail>(t.app, '/api/catalogue/shop?id=3');
    const [count] = await rows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM products WHERE shop_id = 3`);
    expect(shop.data).toMatchObject({ id: 3, productCount: count!.n, followed: false, logo: '/api/images/shop/3.svg' });
    const list = await get<Page<ProductCard>>(t.app, '/api/catalogue/shop_products?id=3&sort=priceAsc&pageSize=100');
    expect(ids(list.data)).toEqual((await direct('shop_id = 3', 'unit_price ASC, id ASC', 0, 100)).ids);
  });

  it('ranks hot shops by sales plus support days, so support raises a shop', async () => {
    const before = (await get<Page<ShopCard>>(t.app, '/api/catalogue/hot_shops?pageSize=100')).data.list;
    const last = before[before.length - 1]!;
    expect(before.length).toBeGreaterThanOrEqual(30);
    await t.db.execute(sql`UPDATE shops SET support_days = support_days + 1000 WHERE id = ${last.id}`);
    const after = (await get<Page<ShopCard>>(t.app, '/api/catalogue/hot_shops?pageSize=1')).data.list;
    expect(after[0]!.id).toBe(last.id);
  });

  it('follows twice = one fan; unfollow removes it; the shop appears in followed shops', async () => {
    const [shop] = await rows<{ fans: number }>(t.db, sql`SELECT fans FROM shops WHERE id = 4`);
    const first = await post<FollowResult>(t.app, '/api/catalogue/follow', { shopId: 4 }, demo);
    expect(first).toMatchObject({ code: 1, msg: 'Follow Success', data: { followed: true, fans: shop!.fans + 1 } });
    const second = await post<FollowResult>(t.app, '/api/catalogue/follow', { shopId: 4 }, demo);
    expect(second.data).toEqual({ followed: true, fans: shop!.fans + 1 });
    expect((await get<ShopDetail>(t.app, '/api/catalogue/shop?id=4', demo)).data.followed).toBe(true);
    expect((await get<ShopDetail>(t.app, '/api/catalogue/shop?id=4')).data.followed).toBe(false);
    const followed = await get<Page<ShopCard>>(t.app, '/api/catalogue/followed_shops', demo);
    expect(followed.data.list.map((s) => s.id)).toEqual([4]);
    expect(followed.data.list[0]!.followed).toBe(true);
    expect((await post<FollowResult>(t.app, '/api/catalogue/unfollow', { shopId: 4 }, demo)).data).toEqual({
      followed: false,
      fans: shop!.fans,
    });
    expect((await post<FollowResult>(t.app, '/api/catalogue/unfollow', { shopId: 4 }, demo)).data.fans).toBe(
      shop!.fans,
    );
    expect((await get<Page<ShopCard>>(t.app, '/api/catalogue/followed_shops', demo)).data.total).toBe(0);
  });

  it('keeps the fan count exact under concurrent follows and unfollows', async () => {
    const tokens = [demo, await registerShopper(t.app, 'fan_one'), await registerShopper(t.app, 'fan_two')];
    const [shop] = await rows<{ fans: number }>(t.db, sql`SELECT fans FROM shops WHERE id = 6`);
    await Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: 8 }, () => post(t.app, '/api/catalogue/follow', { shopId: 6 }, token)),
      ),
    );
    const [after] = await rows<{ fans: number; follows: number }>(
      t.db,
      sql`SELECT fans, (SELECT count(*)::int FROM shop_follows WHERE shop_id = 6) AS follows FROM shops WHERE id = 6`,
    );
    expect(after).toEqual({ fans: shop!.fans + 3, follows: 3 });
    await Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: 8 }, () => post(t.app, '/api/catalogue/unfollow', { shopId: 6 }, token)),
      ),
    );
    const [end] = await rows<{ fans: number }>(t.db, sql`SELECT fans FROM shops WHERE id = 6`);
    expect(end!.fans).toBe(shop!.fans);
  });
});
