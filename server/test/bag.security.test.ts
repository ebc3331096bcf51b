import { sql } from 'drizzle-orm';
import type { Bag } from '@marketplace/shared/contracts';
import { openAsDemoShopper, type TestApp } from './harness';
import { get, post, registerShopper, rows } from './catalogue.fixtures';

let t: TestApp;
let demo: string;
let mallory: string;
let demoItemId: number;
let demoShopId: number;
beforeAll(async () => {
  ({ t, token: demo } = await openAsDemoShopper());
  mallory = await registerShopper(t.app, 'mallory');
  const [product] = await rows<{ id: number; shop_id: number; specs: { name: string; options: string[] }[] }>(
    t.db,
    sql`SELECT id, shop_id, specs FROM products WHERE stock >= 5 ORDER BY id LIMIT 1`,
  );
  const spec = Object.fromEntries(product!.specs.map((s) => [s.name, s.options[0]!]));
  const bag = await post<Bag>(t.app, '/api/bag/add', { productId: product!.id, spec, quantity: 2 }, demo);
  demoItemId = bag.data.shops[0]!.items[0]!.id;
  demoShopId = product!.shop_id;
  // Mallory has a line of her own, so "all" and mixed-id requests have something to touch.
  await post(t.app, '/api/bag/add', { productId: product!.id, spec, quantity: 1 }, mallory);
});
afterAll(() => t.close());

const bagRows = async () =>
  rows(t.db, sql`SELECT id, user_id, product_id, quantity, selected, spec_key FROM bag_items ORDER BY id`);

describe("another shopper's bag", () => {
  it('is not shown to anyone else', async () => {
    const bag = (await get<Bag>(t.app, '/api/bag', mallory)).data;
    expect(bag.shops.flatMap((s) => s.items).map((i) => i.id)).not.toContain(demoItemId);
  });

  const attempts: [string, string, () => object][] = [
    ['change its quantity', '/api/bag/update', () => ({ itemId: demoItemId, quantity: 1 })],
    ['remove it', '/api/bag/remove', () => ({ itemIds: [demoItemId] })],
    ['remove it among own lines', '/api/bag/remove', () => ({ itemIds: [demoItemId, demoItemId + 1] })],
    ['unselect it', '/api/bag/select', () => ({ selected: false, itemIds: [demoItemId] })],
    [
      'unselect it among own lines',
      '/api/bag/select',
      () => ({ selected: false, itemIds: [demoItemId + 1, demoItemId] }),
    ],
  ];
  it.each(attempts)('refuses to %s with "Bag item not found" and changes nothing', async (_name, url, payload) => {
    const before = await bagRows();
    const reply = await post(t.app, url, payload(), mallory);
    expect(reply).toMatchObject({ code: 0, msg: 'Bag item not found', data: null });
    expect(await bagRows()).toEqual(before);
  });

  it("leaves other shoppers' lines alone when a shopper selects a shop or everything", async () => {
    const before = await rows(t.db, sql`SELECT * FROM bag_items WHERE id = ${demoItemId}`);
    await post(t.app, '/api/bag/select', { selected: false, shopId: demoShopId }, mallory);
    await post(t.app, '/api/bag/select', { selected: false, all: true }, mallory);
    expect(await rows(t.db, sql`SELECT * FROM bag_items WHERE id = ${demoItemId}`)).toEqual(before);
  });

  const anonymous: [string, () => object][] = [
    ['/api/bag/add', () => ({ productId: 1, spec: {}, quantity: 1 })],
    ['/api/bag/update', () => ({ itemId: demoItemId, quantity: 1 })],
    ['/api/bag/remove', () => ({ itemIds: [demoItemId] })],
    ['/api/bag/select', () => ({ selected: false, all: true })],
  ];
  it.each(anonymous)('POST %s answers 401 "Please login first" without a token', async (url, payload) => {
    const before = await bagRows();
    expect(await post(t.app, url, payload())).toMatchObject({ status: 401, code: 401, msg: 'Please login first' });
    expect(await bagRows()).toEqual(before);
  });

  it('GET /api/bag answers 401 "Please login first" without a token', async () => {
    expect(await get(t.app, '/api/bag')).toMatchObject({ status: 401, code: 401, msg: 'Please login first' });
  });
});
