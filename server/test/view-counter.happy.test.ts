import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { createViewCounter } from '../src/modules/catalogue/view-counter';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seenInDb = async (id: number) =>
  (await t.db.select({ seen: products.seen }).from(products).where(eq(products.id, id)))[0]!.seen;

describe('product views are batched, not one write per visit', () => {
  it('shows each visit at once but writes nothing per visit', async () => {
    const [product] = await t.db.select().from(products).limit(1);
    const before = await seenInDb(product!.id);
    const first = await call<{ seen: number }>(t.app, {
      method: 'GET',
      url: `/api/catalogue/product?id=${product!.id}`,
    });
    const second = await call<{ seen: number }>(t.app, {
      method: 'GET',
      url: `/api/catalogue/product?id=${product!.id}`,
    });
    expect([first.data.seen, second.data.seen]).toEqual([before + 1, before + 2]);
    expect(await seenInDb(product!.id)).toBe(before);
  });

  it('writes the counted views in one statement on flush', async () => {
    const rows = await t.db.select({ id: products.id, seen: products.seen }).from(products).limit(2);
    const counter = createViewCounter(t.db, { flushMs: 60_000 });
    counter.add(rows[0]!.id);
    counter.add(rows[0]!.id);
    counter.add(rows[1]!.id);
    expect(await seenInDb(rows[0]!.id)).toBe(rows[0]!.seen);
    await counter.close();
    expect(await seenInDb(rows[0]!.id)).toBe(rows[0]!.seen + 2);
    expect(await seenInDb(rows[1]!.id)).toBe(rows[1]!.seen + 1);
  });
});

describe('catalogue answers that are the same for every shopper are cacheable', () => {
  it('sends a short public max-age and an ETag, and answers a repeat with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/catalogue/hot_products?page=1&pageSize=10' });
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    expect(String(first.headers.vary)).toContain('lang');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\//);
    const repeat = await t.app.inject({
      method: 'GET',
      url: '/api/catalogue/hot_products?page=1&pageSize=10',
      headers: { 'if-none-match': tag },
    });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
  });

  it('keeps personal answers private', async () => {
    const [product] = await t.db.select().from(products).limit(1);
    const detail = await t.app.inject({ method: 'GET', url: `/api/catalogue/product?id=${product!.id}` });
    expect(detail.headers['cache-control']).toBe('private, no-cache');
  });
});
