import { sql } from 'drizzle-orm';
import type { ProductComment, ProductDetail } from '@marketplace/shared/contracts';
import type { ProductReviewsPage } from '../src/modules/comments/comments.schemas';
import { openAsDemoShopper, type TestApp } from './harness';
import { get, rows } from './catalogue.fixtures';

/**
 * The demo catalogue's ratings come from reviews it really holds: a product's "Ratings (n)" and its
 * averages are those of the reviews its review list shows (requirements §3.3).
 */
let t: TestApp;
beforeAll(async () => ({ t } = await openAsDemoShopper()));
afterAll(() => t.close());

const average = (list: ProductComment[], key: 'productScore' | 'serviceScore' | 'postageScore') =>
  list.reduce((sum, review) => sum + review[key], 0) / list.length;

describe('seeded reviews', () => {
  it('gives most products reviews with text, some with pictures', async () => {
    const [tally] = await rows<{ reviewed: number; products: number; reviews: number; pictured: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM products WHERE rating_count > 0) AS reviewed,
                 (SELECT count(*)::int FROM products) AS products,
                 (SELECT count(*)::int FROM comments) AS reviews,
                 (SELECT count(*)::int FROM comments WHERE jsonb_array_length(pics) > 0) AS pictured`,
    );
    expect(tally!.reviewed).toBeGreaterThan(tally!.products / 2);
    expect(tally!.pictured).toBeGreaterThan(tally!.reviews / 10);
    expect(tally!.pictured).toBeLessThan(tally!.reviews / 2);
  });

  it('counts and averages exactly the reviews each product lists', async () => {
    const sample = await rows<{ id: number }>(t.db, sql`SELECT id FROM products ORDER BY id LIMIT 25`);
    for (const { id } of sample) {
      const detail = (await get<ProductDetail>(t.app, `/api/catalogue/product?id=${id}`)).data;
      const page = (await get<ProductReviewsPage>(t.app, `/api/catalogue/product_comments?id=${id}&pageSize=50`)).data;
      expect(page.total).toBe(detail.rating.count);
      expect(page.counts.all).toBe(detail.rating.count);
      if (page.total === 0) continue;
      expect(detail.rating.productScore).toBeCloseTo(average(page.list, 'productScore'), 1);
      expect(detail.rating.serviceScore).toBeCloseTo(average(page.list, 'serviceScore'), 1);
      for (const review of page.list) expect(review.content.length).toBeGreaterThan(10);
    }
  });

  it('shows a seeded review picture to anyone', async () => {
    const [withPics] = await rows<{ id: number }>(
      t.db,
      sql`SELECT oi.product_id AS id FROM comments c JOIN order_items oi ON oi.order_id = c.order_id
          WHERE jsonb_array_length(c.pics) > 0 ORDER BY c.id LIMIT 1`,
    );
    const page = (
      await get<ProductReviewsPage>(t.app, `/api/catalogue/product_comments?id=${withPics!.id}&filter=pics`)
    ).data;
    const pic = page.list[0]!.pics[0]!;
    expect(pic).toMatch(/^\/api\/images\/product\//);
    expect((await t.app.inject({ method: 'GET', url: pic })).statusCode).toBe(200);
  });
});
