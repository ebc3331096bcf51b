jest.setTimeout(180_000);

import { call, createOrdersTestApp, postAs, admin, type TestApp } from './kit';
import { approvedOwner, invitedStaff, type Seller } from './sellers.helpers';

/**
 * Bulk price and stock by CSV (docs/decisions/0012-variants-and-stock.md): the shop's variants out, an edited
 * file's rows back in; one wrong row and nothing changes, with every wrong row named and its reason translated.
 */
let t: TestApp;
let owner: Seller;
let lister: Seller;
let otherOwner: Seller;

interface VariantRow {
  productId: number;
  variantKey: string;
  title: string;
  price: string;
  stock: number;
}
interface Listing {
  id: number;
  unitPrice: number;
  stock: number;
  variants: { spec: Record<string, string>; unitPrice: number; stock: number }[];
}

const kettle = {
  titles: { en: 'Platypus Kettle' },
  category: 'familyLife',
  specs: [{ name: 'Colour', options: ['Red', 'Blue'] }],
  variants: [
    { spec: { Colour: 'Red' }, unitPrice: 3_000, stock: 2 },
    { spec: { Colour: 'Blue' }, unitPrice: 3_500, stock: 5 },
  ],
};

const exported = async (seller: Seller) =>
  (await call<VariantRow[]>(t.app, { method: 'GET', url: '/api/seller/variants', headers: seller.headers })).data;
const importRows = (seller: Seller, rows: object[], lang = 'en') =>
  call<{ updated: number; errors?: { row: number; msg: string }[] }>(t.app, {
    method: 'POST',
    url: '/api/seller/variants/import',
    headers: { ...seller.headers, lang },
    payload: { rows },
  });
const asRows = (variants: VariantRow[]) =>
  variants.map((variant, index) => ({
    row: index + 2,
    productId: String(variant.productId),
    variantKey: variant.variantKey,
    price: variant.price,
    stock: String(variant.stock),
  }));
const listing = async (id: number) =>
  (await call<Listing>(t.app, { method: 'GET', url: `/api/seller/product?id=${id}`, headers: lister.headers })).data;

let id: number;
let theirs: number;
beforeAll(async () => {
  t = await createOrdersTestApp();
  const operator = { headers: admin };
  ({ owner } = await approvedOwner(t, operator, 'Platypus Kitchen', 'p.owner@example.com'));
  ({ owner: otherOwner } = await approvedOwner(t, operator, 'Other Kitchen', 'p.other@example.com'));
  lister = await invitedStaff(t, owner, 'p.lister@example.com', ['listings']);
  id = (await postAs<Listing>(t.app, lister, '/api/seller/product/create', kettle)).data.id;
  theirs = (await postAs<Listing>(t.app, otherOwner, '/api/seller/product/create', kettle)).data.id;
});
afterAll(() => t.close());

describe('variants by CSV', () => {
  it("exports the shop's variants only: product id, variant key, title, price in dollars, stock", async () => {
    const rows = await exported(lister);
    expect(rows).toEqual([
      { productId: id, variantKey: '[["Colour","Red"]]', title: 'Platypus Kettle', price: '30.00', stock: 2 },
      { productId: id, variantKey: '[["Colour","Blue"]]', title: 'Platypus Kettle', price: '35.00', stock: 5 },
    ]);
  });

  it('one wrong row changes nothing; every wrong row is named with its translated reason', async () => {
    const rows = asRows(await exported(lister));
    rows[0]!.price = '31.00';
    rows[0]!.stock = '9';
    const badStock = { ...rows[1]!, stock: '-1' };
    const refused = await importRows(lister, [rows[0]!, badStock]);
    expect(refused).toMatchObject({
      code: 0,
      msg: 'Nothing was changed: 1 rows have errors',
      data: { errors: [{ row: 3, msg: 'The stock must be a whole number from 0 to 1000000' }] },
    });
    expect(await listing(id)).toMatchObject({ unitPrice: 3_000, stock: 7 });
    expect((await listing(id)).variants.find((v) => v.spec.Colour === 'Red')).toMatchObject({
      unitPrice: 3_000,
      stock: 2,
    });

    const foreign = { row: 4, productId: String(theirs), variantKey: '[["Colour","Red"]]', price: '1.00', stock: '1' };
    const twice = { ...rows[0]!, row: 5 };
    const german = await importRows(lister, [rows[0]!, { ...rows[1]!, price: '12,5' }, foreign, twice], 'de');
    expect(german.msg).toBe('Nichts wurde geändert: 3 Zeilen enthalten Fehler');
    expect(german.data.errors).toEqual([
      { row: 3, msg: 'Der Preis muss ein Betrag wie 12.50 sein, höchstens 1000000.00' },
      { row: 4, msg: 'Keine Variante Ihres Shops hat diese Produkt-ID und diesen Variantenschlüssel' },
      { row: 5, msg: 'Diese Variante steht bereits in einer früheren Zeile' },
    ]);
    expect(await listing(id)).toMatchObject({ unitPrice: 3_000, stock: 7 });
    const other = (
      await call<Listing>(t.app, {
        method: 'GET',
        url: `/api/seller/product?id=${theirs}`,
        headers: otherOwner.headers,
      })
    ).data;
    expect(other).toMatchObject({ unitPrice: 3_000, stock: 7 });
  });

  it('a correct file applies every row: the listing’s price is the lowest, its stock the sum', async () => {
    const rows = asRows(await exported(lister));
    rows[0]!.price = '28.50';
    rows[0]!.stock = '0';
    rows[1]!.stock = '11';
    const applied = await importRows(lister, rows);
    expect(applied).toMatchObject({ code: 1, data: { updated: 2 } });
    const after = await listing(id);
    expect(after).toMatchObject({ unitPrice: 2_850, stock: 11 });
    expect(after.variants.find((v) => v.spec.Colour === 'Red')).toMatchObject({ unitPrice: 2_850, stock: 0 });
  });

  it('refuses an empty file and a staff member without the listings role', async () => {
    expect((await importRows(lister, [])).msg).toBe(
      'The file could not be read as rows of product id, variant key, title, price and stock (1 to 5,000 rows)',
    );
    const finance = await invitedStaff(t, owner, 'p.finance@example.com', ['finance']);
    const refused = await call(t.app, { method: 'GET', url: '/api/seller/variants', headers: finance.headers });
    expect(refused.code).not.toBe(1);
  });
});
