import { sql } from 'drizzle-orm';
import { BAG_MAX_QUANTITY, type Bag, type ProductSpec } from '@marketplace/shared/contracts';
import { openAsDemoShopper, type TestApp } from './harness';
import { post, rows } from './catalogue.fixtures';

interface ProductFixture {
  id: number;
  stock: number;
  specs: ProductSpec[];
}

let t: TestApp;
let demo: string;
let product: ProductFixture;
let soldOut: ProductFixture;
let itemId: number;
beforeAll(async () => {
  ({ t, token: demo } = await openAsDemoShopper());
  [product] = (await rows<ProductFixture>(
    t.db,
    sql`SELECT id, stock, specs FROM products WHERE stock BETWEEN 5 AND 400 AND jsonb_array_length(specs) >= 1 ORDER BY id LIMIT 1`,
  )) as [ProductFixture];
  [soldOut] = (await rows<ProductFixture>(
    t.db,
    sql`SELECT id, stock, specs FROM products WHERE stock = 0 ORDER BY id LIMIT 1`,
  )) as [ProductFixture];
  const bag = await post<Bag>(t.app, '/api/bag/add', { productId: product.id, spec: spec(product), quantity: 2 }, demo);
  itemId = bag.data.shops[0]!.items[0]!.id;
});
afterAll(() => t.close());

const spec = (p: ProductFixture) => Object.fromEntries(p.specs.map((s) => [s.name, s.options[0]!]));
const bagRows = () => rows(t.db, sql`SELECT id, product_id, quantity, selected, spec_key FROM bag_items ORDER BY id`);

describe('bag quantity bounds and bad input', () => {
  const wholeNumber = 'Quantity must be a whole number from 1 to 999';
  const cases: [string, string, () => unknown, string | (() => string)][] = [
    ['add 0', '/api/bag/add', () => ({ productId: product.id, spec: spec(product), quantity: 0 }), wholeNumber],
    ['add -3', '/api/bag/add', () => ({ productId: product.id, spec: spec(product), quantity: -3 }), wholeNumber],
    ['add 1.5', '/api/bag/add', () => ({ productId: product.id, spec: spec(product), quantity: 1.5 }), wholeNumber],
    ['add "2"', '/api/bag/add', () => ({ productId: product.id, spec: spec(product), quantity: '2' }), wholeNumber],
    [
      'add a huge quantity',
      '/api/bag/add',
      () => ({ productId: product.id, spec: spec(product), quantity: 1e12 }),
      wholeNumber,
    ],
    [
      'add above stock',
      '/api/bag/add',
      () => ({ productId: product.id, spec: spec(product), quantity: product.stock + 1 }),
      () => `Only ${product.stock} left in stock`,
    ],
    [
      'add so the merged line would pass stock',
      '/api/bag/add',
      () => ({ productId: product.id, spec: spec(product), quantity: product.stock - 1 }),
      () => `Only ${product.stock} left in stock`,
    ],
    [
      'add a sold-out product',
      '/api/bag/add',
      () => ({ productId: soldOut.id, spec: spec(soldOut), quantity: 1 }),
      'This product is out of stock',
    ],
    [
      'add an unknown product',
      '/api/bag/add',
      () => ({ productId: 999_999, spec: {}, quantity: 1 }),
      'Product not found',
    ],
    [
      'add with no spec',
      '/api/bag/add',
      () => ({ productId: product.id, quantity: 1 }),
      'Please choose a valid option for every spec',
    ],
    [
      'add with an unknown option',
      '/api/bag/add',
      () => ({ productId: product.id, spec: { ...spec(product), [product.specs[0]!.name]: 'Plaid' }, quantity: 1 }),
      'Please choose a valid option for every spec',
    ],
    [
      'add with an extra spec',
      '/api/bag/add',
      () => ({ productId: product.id, spec: { ...spec(product), Engraving: 'Yes' }, quantity: 1 }),
      'Please choose a valid option for every spec',
    ],
    ['set 0', '/api/bag/update', () => ({ itemId, quantity: 0 }), wholeNumber],
    ['set -1', '/api/bag/update', () => ({ itemId, quantity: -1 }), wholeNumber],
    ['set above the maximum', '/api/bag/update', () => ({ itemId, quantity: BAG_MAX_QUANTITY + 1 }), wholeNumber],
    [
      'set above stock',
      '/api/bag/update',
      () => ({ itemId, quantity: product.stock + 1 }),
      () => `Only ${product.stock} left in stock`,
    ],
    ['set on an unknown line', '/api/bag/update', () => ({ itemId: 999_999, quantity: 1 }), 'Bag item not found'],
    ['remove nothing', '/api/bag/remove', () => ({ itemIds: [] }), 'Bag item not found'],
    ['remove an unknown line', '/api/bag/remove', () => ({ itemIds: [999_999] }), 'Bag item not found'],
    ['select with no target', '/api/bag/select', () => ({ selected: true }), 'Name the items, a shop or all to select'],
    [
      'select two targets',
      '/api/bag/select',
      () => ({ selected: true, all: true, itemIds: [itemId] }),
      'Name the items, a shop or all to select',
    ],
    ['select a shop not in the bag', '/api/bag/select', () => ({ selected: true, shopId: 999_999 }), 'Shop not found'],
    ['select without "selected"', '/api/bag/select', () => ({ all: true }), 'selected is invalid'],
  ];
  it.each(cases)('refuses to %s with a clear message and changes nothing', async (_name, url, payload, msg) => {
    const before = await bagRows();
    expect(await post(t.app, url, payload(), demo)).toMatchObject({
      status: 200,
      code: 0,
      msg: typeof msg === 'string' ? msg : msg(),
      data: null,
    });
    expect(await bagRows()).toEqual(before);
  });

  it('accepts exactly the stock and exactly 1', async () => {
    expect((await post(t.app, '/api/bag/update', { itemId, quantity: product.stock }, demo)).code).toBe(1);
    expect((await post(t.app, '/api/bag/update', { itemId, quantity: 1 }, demo)).code).toBe(1);
  });
});
