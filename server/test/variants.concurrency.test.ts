jest.setTimeout(300_000);

import { eq, sql } from 'drizzle-orm';
import { products, productVariants } from '../src/db/schema';
import { inTransaction } from '../src/db/transaction';
import { admin, call, createOrdersTestApp, pay, postAs, shopper, upload, type Buyer, type TestApp } from './kit';
import { approvedOwner, type Seller } from './sellers.helpers';

/**
 * Exact stock per variant (docs/decisions/0012-variants-and-stock.md). On PostgreSQL (TEST_DATABASE_URL)
 * the buyers, cancels and stock edits really run at once; on PGlite (one connection) they interleave
 * statement by statement. Either way: exactly the stock is sold, never below 0, restored exactly once.
 */
let t: TestApp;
let shopId: number;
let seller: Seller;
let buyers: Buyer[] = [];
const BUYERS = 10;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A product sold in Colour Red / Blue: Red has its own variant (price, stock), Blue shares the '' variant. */
const tent = async (red: { stock: number; unitPrice?: number }, shared = 50) => {
  const [product] = await t.db
    .insert(products)
    .values({
      shopId,
      title: `Tent ${Math.random().toString(36).slice(2, 8)}`,
      keyword: 'Tent',
      category: 'outdoors',
      unitPrice: 10_000,
      stock: shared,
      description: 'A tent',
      specs: [{ name: 'Colour', options: ['Red', 'Blue'] }],
    })
    .returning();
  const id = product!.id;
  const [variant] = await inTransaction(t.db, async (tx) => {
    const inserted = await tx
      .insert(productVariants)
      .values({
        productId: id,
        spec: { Colour: 'Red' },
        specKey: '[["Colour","Red"]]',
        unitPrice: red.unitPrice ?? 12_000,
        stock: red.stock,
      })
      .returning();
    await tx.execute(sql`UPDATE products SET stock = stock + ${red.stock} WHERE id = ${id}`);
    return inserted;
  });
  return { id, redId: variant!.id };
};

const create = (buyer: Buyer, productId: number, colour: string, quantity = 1) =>
  call<{ orders: { id: number; total: number }[] }>(t.app, {
    method: 'POST',
    url: '/api/order/create',
    headers: buyer.headers,
    payload: { buyNow: { productId, quantity, spec: { Colour: colour } }, addressId: buyer.addressId },
  });

const stockOf = async (productId: number) => {
  const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
  const [product] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return {
    bySpec: Object.fromEntries(variants.map((v) => [v.specKey, v.stock])),
    sum: variants.reduce((total, v) => total + v.stock, 0),
    product: product!.stock,
  };
};

beforeAll(async () => {
  t = await createOrdersTestApp();
  ({ shopId, owner: seller } = await approvedOwner(t, { headers: admin }, 'Tent Shop', 'tents@example.com'));
  buyers = [];
  for (let i = 0; i < BUYERS; i++) buyers.push(await shopper(t, `variant-buyer-${i}`, { balance: 100_000 }));
});
afterAll(() => t.close());

describe('exact stock per variant', () => {
  it('k = 3 Red left, 10 parallel buyers: exactly 3 orders, the others told it is sold out, stock 0', async () => {
    const { id } = await tent({ stock: 3 });
    const replies = await Promise.all(buyers.map((buyer) => create(buyer, id, 'Red')));
    const won = replies.filter((reply) => reply.code === 1);
    expect(won).toHaveLength(3);
    for (const reply of replies.filter((r) => r.code !== 1)) {
      expect(reply.status).toBeLessThan(500);
      expect(reply.msg).toMatch(/^Tent \w+ is out of stock \(only 0 left\)$/);
    }
    const stock = await stockOf(id);
    expect(stock.bySpec['[["Colour","Red"]]']).toBe(0);
    // The shared '' variant (Blue) was not touched, and the product's stock is the sum of its variants.
    expect(stock.bySpec['']).toBe(50);
    expect(stock.product).toBe(stock.sum);
    const [held] = await rows<{ n: number }>(
      sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM order_items WHERE product_id = ${id}`,
    );
    expect(held!.n).toBe(3);
  });

  it("charges the variant's own price, and a combination without a variant buys the shared '' variant", async () => {
    const { id } = await tent({ stock: 5, unitPrice: 12_345 });
    const red = await create(buyers[0]!, id, 'Red', 2);
    const blue = await create(buyers[0]!, id, 'Blue');
    expect(red.code).toBe(1);
    expect(blue.code).toBe(1);
    const [redItem, blueItem] = await rows<{ unit_price_cents: string | number; variant_id: number }>(
      sql`SELECT unit_price_cents, variant_id FROM order_items WHERE product_id = ${id} ORDER BY id`,
    );
    expect(Number(redItem!.unit_price_cents)).toBe(12_345);
    expect(Number(blueItem!.unit_price_cents)).toBe(10_000);
    expect(await stockOf(id)).toMatchObject({ bySpec: { '[["Colour","Red"]]': 3, '': 49 }, product: 52 });
  });

  it('refuses a combination no variant sells with a clear message', async () => {
    const { id } = await tent({ stock: 5 });
    await t.db
      .delete(productVariants)
      .where(sql`${productVariants.productId} = ${id} AND ${productVariants.specKey} = ''`);
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, id));
    const reply = await create(buyers[1]!, id, 'Blue');
    expect(reply.code).toBe(0);
    expect(reply.msg).toMatch(/: this combination of options is not sold$/);
  });

  it("a seller's stock edits racing 10 purchases never make stock negative nor lose a unit", async () => {
    const { id } = await tent({ stock: 4 });
    // The seller's edit (modules/sellers/listings) sets Red's stock while shoppers buy it.
    const edit = (stock: number) =>
      postAs(t.app, seller, '/api/seller/product/edit', {
        id,
        titles: { en: 'Racing tent' },
        category: 'outdoors',
        specs: [{ name: 'Colour', options: ['Red', 'Blue'] }],
        variants: [
          { spec: {}, unitPrice: 10_000, stock: 50 },
          { spec: { Colour: 'Red' }, unitPrice: 12_000, stock },
        ],
      });
    const replies = await Promise.all([
      ...buyers.map((buyer) => create(buyer, id, 'Red')),
      ...[2, 0, 5, 1, 3, 0, 6].map((stock) => edit(stock)),
    ]);
    for (const reply of replies) expect(reply.status).toBeLessThan(500);
    for (const reply of replies.slice(0, BUYERS)) if (reply.code !== 1) expect(reply.msg).toMatch(/is out of stock/);
    for (const reply of replies.slice(BUYERS)) expect(reply.code).toBe(1);
    const stock = await stockOf(id);
    expect(stock.bySpec['[["Colour","Red"]]']).toBeGreaterThanOrEqual(0);
    expect(stock.product).toBe(stock.sum);
  });

  it('two parallel cancels of one order give its stock back exactly once', async () => {
    const { id } = await tent({ stock: 6 });
    const order = await create(buyers[2]!, id, 'Red', 4);
    expect(order.code).toBe(1);
    expect((await stockOf(id)).bySpec['[["Colour","Red"]]']).toBe(2);
    const cancel = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/order/cancel',
        headers: buyers[2]!.headers,
        payload: { id: order.data.orders[0]!.id },
      });
    const replies = await Promise.all([cancel(), cancel()]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([0, 1]);
    const stock = await stockOf(id);
    expect(stock.bySpec['[["Colour","Red"]]']).toBe(6);
    expect(stock.product).toBe(stock.sum);
  });

  it("an agreed refund gives the variant's stock back once; a second decision changes nothing", async () => {
    const { id } = await tent({ stock: 2 });
    const buyer = buyers[3]!;
    const order = await create(buyer, id, 'Red', 2);
    const orderId = order.data.orders[0]!.id;
    expect((await pay(t.app, buyer, [orderId])).code).toBe(1);
    const refund = {
      orderId,
      refundType: 'return',
      refundAmount: 100,
      productStatus: 'received',
      reason: 'r',
      explain: 'e',
      attachment: (await upload(t.app, buyer)).id,
    };
    expect(
      (await call(t.app, { method: 'POST', url: '/api/order/refund', headers: buyer.headers, payload: refund })).code,
    ).toBe(1);
    const decide = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/admin/refund/decide',
        headers: admin,
        payload: { orderId, agree: true },
      });
    const replies = await Promise.all([decide(), decide()]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([0, 1]);
    const stock = await stockOf(id);
    expect(stock.bySpec['[["Colour","Red"]]']).toBe(2);
    expect(stock.product).toBe(stock.sum);
  });

  it("every seeded product is one '' variant with the product's price and stock", async () => {
    const [row] = await rows<{ products: number; wrong: number }>(sql`
      SELECT count(*)::int AS products,
        count(*) FILTER (WHERE (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id AND v.spec_key = ''
          AND v.stock = p.stock AND v.unit_price = p.unit_price) <> 1)::int AS wrong
      FROM products p WHERE p.shop_id <> ${shopId}`);
    expect(row!.products).toBeGreaterThan(0);
    expect(row!.wrong).toBe(0);
  });

  it('the product page lists the variants with their price and stock', async () => {
    const { id } = await tent({ stock: 7, unitPrice: 13_000 });
    const reply = await call<{ variants: unknown[] }>(t.app, { method: 'GET', url: `/api/catalogue/product?id=${id}` });
    expect(reply.data.variants).toEqual([
      { spec: {}, unitPrice: 10_000, stock: 50 },
      { spec: { Colour: 'Red' }, unitPrice: 13_000, stock: 7 },
    ]);
  });
});
