jest.setTimeout(180_000);

import type { ProductComment } from '@marketplace/shared/contracts';
import type { ProductReviewsPage } from '../src/modules/comments/comments.schemas';
import { admin, buyNow, call, createOrdersTestApp, pay, productOnSale, shopper as newShopper, upload } from './kit';
import type { TestApp } from './kit';

/**
 * The product page's review list: every review of the product, newest first, filtered to those with
 * pictures or to one product score, with how many each filter shows.
 */
let t: TestApp;
let productId: number;

/** Buys the product, has it shipped, confirms it and reviews it with `score` and `pics` pictures. */
const review = async (account: string, score: number, pics: number) => {
  const shopper = await newShopper(t, account, { balance: 10_000 });
  const order = await buyNow(t.app, shopper, shopper.addressId, productId);
  expect((await pay(t.app, shopper, [order.id])).code).toBe(1);
  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = shopper.headers) =>
    call(t.app, { method: 'POST', url, headers, payload });
  expect((await post('/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'R1' }, admin)).code).toBe(1);
  expect((await post('/api/order/confirm', { id: order.id })).code).toBe(1);
  const uploaded = await Promise.all(Array.from({ length: pics }, () => upload(t.app, shopper)));
  const reply = await post('/api/order/comment', {
    orderId: order.id,
    content: `${account} gives ${score}`,
    productScore: score,
    serviceScore: 5,
    postageScore: 4,
    pics: uploaded.map((pic) => pic.id),
  });
  expect(reply.code).toBe(1);
};

const reviews = (query: string) =>
  call<ProductReviewsPage>(t.app, { method: 'GET', url: `/api/catalogue/product_comments?id=${productId}${query}` });

const contents = (list: ProductComment[]) => list.map((comment) => comment.content);

beforeAll(async () => {
  t = await createOrdersTestApp();
  productId = await productOnSale(t, { stock: 20 });
  await review('rev1', 5, 2);
  await review('rev2', 4, 0);
  await review('rev3', 5, 0);
  await review('rev4', 2, 1);
});

afterAll(async () => t.close());

describe('GET /api/catalogue/product_comments', () => {
  it('lists every review newest first with the counts of each filter', async () => {
    const all = await reviews('&page=1&pageSize=10');
    expect(all.code).toBe(1);
    expect(contents(all.data.list)).toEqual(['rev4 gives 2', 'rev3 gives 5', 'rev2 gives 4', 'rev1 gives 5']);
    expect(all.data.total).toBe(4);
    expect(all.data.counts).toEqual({ all: 4, pics: 2, scores: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 2 } });
    expect(all.data.list[3]!.pics).toHaveLength(2);
    expect(all.data.list[3]!.pics[0]).toMatch(/^\/api\/upload\//);
  });

  it('keeps the reviews with pictures, or one product score, and pages them', async () => {
    const withPics = await reviews('&filter=pics');
    expect(contents(withPics.data.list)).toEqual(['rev4 gives 2', 'rev1 gives 5']);
    expect(withPics.data.total).toBe(2);
    const fives = await reviews('&filter=5&page=2&pageSize=1');
    expect(contents(fives.data.list)).toEqual(['rev1 gives 5']);
    expect(fives.data.total).toBe(2);
    expect((await reviews('&filter=1')).data).toMatchObject({ list: [], total: 0 });
    // The counts do not depend on the filter.
    expect(fives.data.counts.all).toBe(4);
  });

  it('refuses an unknown filter with the envelope, not a 5xx', async () => {
    const reply = await reviews('&filter=everything');
    expect(reply.status).toBeLessThan(500);
    expect(reply.code).not.toBe(1);
    expect(reply.msg).toEqual(expect.any(String));
    expect(reply.msg.length).toBeGreaterThan(0);
  });
});
