jest.setTimeout(180_000);

import {
  admin,
  buyNow,
  call,
  createOrdersTestApp,
  createProduct,
  multipart,
  pay,
  PNG,
  shopper as newShopper,
  type TestApp,
} from './kit';
import { shops } from '../src/db/schema';
import { approvedOwner, invitedStaff, type Seller } from './sellers.helpers';

/** The seller's shop profile as the shopper's shop page shows it, and the shop's one reply to a review. */
let t: TestApp;
let owner: Seller;
let shopId: number;
const operator = { headers: admin };

beforeAll(async () => {
  t = await createOrdersTestApp();
  ({ owner, shopId } = await approvedOwner(t, operator, 'Kitchen Corner', 'kim@example.com'));
});
afterAll(async () => t.close());

const shopPage = (lang: string) =>
  call<{ name: string; description: string; logo: string; banner: string | null }>(t.app, {
    method: 'GET',
    url: `/api/catalogue/shop?id=${shopId}`,
    headers: { lang },
  });

const picture = (kind: string, seller: Seller = owner) => {
  const body = multipart(PNG, 'logo.png');
  return call<{ logo: string | null; banner: string | null }>(t.app, {
    method: 'POST',
    url: `/api/seller/shop/picture?kind=${kind}`,
    headers: { ...seller.headers, ...body.headers },
    payload: body.payload,
  });
};

describe('shop profile', () => {
  it('name and description per language reach the shop page in the shopper’s language, else English', async () => {
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/seller/shop/profile',
      headers: owner.headers,
      payload: { name: 'Kitchen Corner Berlin', descriptions: { en: 'Pans and pots', de: 'Pfannen und Töpfe' } },
    });
    expect(saved.code).toBe(1);
    expect((await shopPage('de')).data).toMatchObject({
      name: 'Kitchen Corner Berlin',
      description: 'Pfannen und Töpfe',
    });
    expect((await shopPage('fr')).data.description).toBe('Pans and pots');
  });

  it('logo and banner go through the upload pipeline and anyone can see them', async () => {
    expect((await shopPage('en')).data).toMatchObject({ logo: `/api/images/shop/${shopId}.svg`, banner: null });
    expect((await picture('logo')).code).toBe(1);
    expect((await picture('banner')).code).toBe(1);
    const page = (await shopPage('en')).data;
    expect(page.logo).toMatch(/^\/api\/upload\/[0-9a-f]{32}$/);
    expect(page.banner).toMatch(/^\/api\/upload\/[0-9a-f]{32}$/);
    const anonymous = await t.app.inject({ method: 'GET', url: page.banner! });
    expect(anonymous.statusCode).toBe(200);
  });

  it('refuses another shop’s name, an unknown language and a picture of the wrong kind, changing nothing', async () => {
    const taken = await call(t.app, {
      method: 'POST',
      url: '/api/seller/shop/profile',
      headers: owner.headers,
      payload: { name: 'Lumen Lamps X', descriptions: { xx: 'nope' } },
    });
    expect(taken.msg).toBe('This language is not supported');
    const [seeded] = await t.db.select().from(shops).limit(1);
    const named = await call(t.app, {
      method: 'POST',
      url: '/api/seller/shop/profile',
      headers: owner.headers,
      payload: { name: seeded!.name },
    });
    expect(named.msg).toBe('Another shop already has this name');
    expect((await picture('avatar')).status).toBeLessThan(500);
    expect((await shopPage('en')).data.name).toBe('Kitchen Corner Berlin');
  });
});

describe('review replies', () => {
  let reviewId: number;
  let productId: number;
  beforeAll(async () => {
    productId = (await createProduct(t, shopId, { title: 'Cast Iron Pan' })).id;
    const buyer = await newShopper(t, 'panbuyer', { balance: 10_000 });
    const order = await buyNow(t.app, buyer, buyer.addressId, productId);
    expect((await pay(t.app, buyer, [order.id])).code).toBe(1);
    const post = (url: string, payload: object, headers: Record<string, string> = buyer.headers) =>
      call(t.app, { method: 'POST', url, headers, payload });
    await post('/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'P1' }, admin);
    await post('/api/order/confirm', { id: order.id });
    const posted = await post('/api/order/comment', {
      orderId: order.id,
      content: 'Heavy but great',
      productScore: 4,
      serviceScore: 5,
      postageScore: 5,
      pics: [],
    });
    expect(posted.code).toBe(1);
    const listed = await call<{ list: { id: number; product: string; reply: null }[] }>(t.app, {
      method: 'GET',
      url: '/api/seller/reviews',
      headers: owner.headers,
    });
    expect(listed.data.list[0]).toMatchObject({ product: 'Cast Iron Pan', reply: null });
    reviewId = listed.data.list[0]!.id;
  });

  it('the shop answers once; the answer shows under the review on the product page', async () => {
    const reply = (text: string, seller: Seller = owner) =>
      call(t.app, {
        method: 'POST',
        url: '/api/seller/review/reply',
        headers: seller.headers,
        payload: { id: reviewId, reply: text },
      });
    expect((await reply('Thank you! Season it once a month.')).msg).toBe('Reply published');
    expect((await reply('Second answer')).msg).toBe('This review already has your reply');
    const lee = await invitedStaff(t, owner, 'finance.kim@example.com', ['finance']);
    expect((await reply('Not mine to answer', lee)).status).toBe(403);
  });

  it('shows the reply in the product’s review list', async () => {
    const listed = await call<{ list: { reply: string | null }[] }>(t.app, {
      method: 'GET',
      url: `/api/catalogue/product_comments?id=${productId}`,
    });
    expect(listed.data.list[0]!.reply).toBe('Thank you! Season it once a month.');
  });
});
