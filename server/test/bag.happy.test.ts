import { sql } from 'drizzle-orm';
import type { Bag, ProductSpec } from '@marketplace/shared/contracts';
import { openAsDemoShopper, type TestApp } from './harness';
import { get, post, rows } from './catalogue.fixtures';

interface ProductFixture {
  id: number;
  shop_id: number;
  unit_price: number;
  stock: number;
  specs: ProductSpec[];
}

let t: TestApp;
let demo: string;
let products: ProductFixture[];
beforeAll(async () => {
  ({ t, token: demo } = await openAsDemoShopper());
  // Two products of one shop and one of another, all in stock.
  const [a, b] = await rows<ProductFixture>(
    t.db,
    sql`SELECT id, shop_id, unit_price::int AS unit_price, stock, specs FROM products
        WHERE stock >= 10 AND shop_id = (SELECT shop_id FROM products WHERE stock >= 10 GROUP BY shop_id HAVING count(*) >= 2 ORDER BY shop_id LIMIT 1)
        ORDER BY id LIMIT 2`,
  );
  const [c] = await rows<ProductFixture>(
    t.db,
    sql`SELECT id, shop_id, unit_price::int AS unit_price, stock, specs FROM products
        WHERE stock >= 10 AND shop_id <> ${a!.shop_id} ORDER BY id LIMIT 1`,
  );
  products = [a!, b!, c!];
});
afterAll(() => t.close());

/** The first option of every spec. */
const firstSpec = (p: ProductFixture) => Object.fromEntries(p.specs.map((s) => [s.name, s.options[0]!]));
/** The last option of every spec. */
const lastSpec = (p: ProductFixture) =>
  Object.fromEntries(p.specs.map((s) => [s.name, s.options[s.options.length - 1]!]));
const lines = (bag: Bag) => bag.shops.flatMap((s) => s.items);

describe('bag', () => {
  it('starts empty for the demo shopper', async () => {
    expect((await get<Bag>(t.app, '/api/bag', demo)).data).toEqual({ shops: [], selectedTotal: 0, selectedCount: 0 });
  });

  it('adds lines grouped by shop with subtotals and a selected total; the same product and spec merge', async () => {
    const [a, b, c] = products as [ProductFixture, ProductFixture, ProductFixture];
    const added = await post<Bag>(t.app, '/api/bag/add', { productId: a.id, spec: firstSpec(a), quantity: 2 }, demo);
    expect(added).toMatchObject({ code: 1, msg: 'Added to bag' });
    await post(t.app, '/api/bag/add', { productId: a.id, spec: firstSpec(a), quantity: 1 }, demo);
    await post(t.app, '/api/bag/add', { productId: b.id, spec: lastSpec(b), quantity: 1 }, demo);
    const bag = (await post<Bag>(t.app, '/api/bag/add', { productId: c.id, spec: firstSpec(c) }, demo)).data;

    expect(bag.shops.map((s) => s.shopId).sort()).toEqual([a.shop_id, c.shop_id].sort());
    const shopA = bag.shops.find((s) => s.shopId === a.shop_id)!;
    expect(shopA.items.map((i) => [i.productId, i.quantity])).toEqual(
      expect.arrayContaining([
        [a.id, 3],
        [b.id, 1],
      ]),
    );
    expect(shopA.items).toHaveLength(2);
    expect(shopA.subtotal).toBe(a.unit_price * 3 + b.unit_price);
    expect(bag.selectedTotal).toBe(a.unit_price * 3 + b.unit_price + c.unit_price);
    expect(bag.selectedCount).toBe(5);
    const lineA = shopA.items.find((i) => i.productId === a.id)!;
    expect(lineA).toMatchObject({ spec: firstSpec(a), stock: a.stock, selected: true, subtotal: a.unit_price * 3 });
    expect(lineA.image).toBe(`/api/images/product/${a.id}.svg`);
  });

  it('keeps a different spec of the same product on its own line', async () => {
    const a = products[0]!;
    if (a.specs.every((s) => s.options.length < 2)) return;
    const bag = (await post<Bag>(t.app, '/api/bag/add', { productId: a.id, spec: lastSpec(a), quantity: 1 }, demo))
      .data;
    expect(lines(bag).filter((i) => i.productId === a.id)).toHaveLength(2);
    const extra = lines(bag).find((i) => i.productId === a.id && i.quantity === 1)!;
    await post(t.app, '/api/bag/remove', { itemIds: [extra.id] }, demo);
  });

  it('changes a quantity within 1..stock', async () => {
    const a = products[0]!;
    const line = lines((await get<Bag>(t.app, '/api/bag', demo)).data).find((i) => i.productId === a.id)!;
    const bag = (await post<Bag>(t.app, '/api/bag/update', { itemId: line.id, quantity: a.stock }, demo)).data;
    expect(lines(bag).find((i) => i.id === line.id)!.quantity).toBe(a.stock);
    const back = (await post<Bag>(t.app, '/api/bag/update', { itemId: line.id, quantity: 1 }, demo)).data;
    expect(lines(back).find((i) => i.id === line.id)).toMatchObject({ quantity: 1, subtotal: a.unit_price });
  });

  it('selects and unselects one line, a shop group and everything; totals follow the selection', async () => {
    const [a, , c] = products as [ProductFixture, ProductFixture, ProductFixture];
    const bag = (await get<Bag>(t.app, '/api/bag', demo)).data;
    const lineC = lines(bag).find((i) => i.productId === c.id)!;
    const one = (await post<Bag>(t.app, '/api/bag/select', { selected: false, itemIds: [lineC.id] }, demo)).data;
    expect(one.selectedTotal).toBe(bag.selectedTotal - lineC.subtotal);
    expect(one.shops.find((s) => s.shopId === c.shop_id)).toMatchObject({ selected: false, subtotal: 0 });

    const shop = (await post<Bag>(t.app, '/api/bag/select', { selected: false, shopId: a.shop_id }, demo)).data;
    expect(shop).toMatchObject({ selectedTotal: 0, selectedCount: 0 });
    expect(lines(shop).every((i) => !i.selected)).toBe(true);

    const all = (await post<Bag>(t.app, '/api/bag/select', { selected: true, all: true }, demo)).data;
    expect(all.selectedTotal).toBe(bag.selectedTotal);
    expect(all.shops.every((s) => s.selected)).toBe(true);
  });

  it('removes lines', async () => {
    const bag = (await get<Bag>(t.app, '/api/bag', demo)).data;
    const ids = lines(bag).map((i) => i.id);
    const after = (await post<Bag>(t.app, '/api/bag/remove', { itemIds: ids.slice(0, 1) }, demo)).data;
    expect(lines(after).map((i) => i.id)).toEqual(ids.slice(1));
    const empty = (await post<Bag>(t.app, '/api/bag/remove', { itemIds: ids.slice(1) }, demo)).data;
    expect(empty).toEqual({ shops: [], selectedTotal: 0, selectedCount: 0 });
  });
});
