jest.setTimeout(300_000);

import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { rowsOf } from '../src/db/transaction';
import { SELLER_ROUTE_ACCESS } from '../src/modules/sellers';
import {
  admin,
  buyNow,
  call,
  createOrdersTestApp,
  createProduct,
  createShopper,
  multipart,
  pay,
  PNG,
  shopper as newShopper,
  type TestApp,
} from './kit';
import { approvedOwner, invitedStaff, sellerCode, type Seller } from './sellers.helpers';

/**
 * No seller reaches another shop (docs/decisions/0011-seller-accounts.md): every seller route the app
 * registered (its OpenAPI operations under /api/seller/, checked against SELLER_ROUTE_ACCESS) is tried with
 * no credential, a shopper token, another shop's seller, a staff member without the role, an expired and a
 * revoked session. Shop A's rows never change.
 */
let t: TestApp;
let ownerA: Seller;
let ownerB: Seller;
let shopA: number;
let staffA: { id: number; seller: Seller };
let reviewA: number;
let productA: number;

/** A valid listing (docs/decisions/0012-variants-and-stock.md). */
const listing = {
  titles: { en: 'Hijacked listing' },
  category: 'outdoors',
  specs: [{ name: 'Size', options: ['S', 'M'] }],
  variants: [{ spec: { Size: 'S' }, unitPrice: 100, stock: 1 }],
};

/** A valid call of each route as shop A's data names it (ids of shop A). */
const requestOf = (method: string, url: string): InjectOptions => {
  const payloads: Record<string, object> = {
    '/api/seller/staff/invite': { email: `new${Math.random().toString(16).slice(2)}@example.com`, roles: ['orders'] },
    '/api/seller/staff/roles': { id: staffA.id, roles: ['orders'] },
    '/api/seller/staff/disabled': { id: staffA.id, disabled: true },
    '/api/seller/staff/sessions/revoke': { id: staffA.id },
    '/api/seller/shop/profile': { name: `Hijacked ${Math.random()}`, descriptions: { en: 'taken over' } },
    '/api/seller/review/reply': { id: reviewA, reply: 'Not your review' },
    '/api/seller/product/create': listing,
    '/api/seller/product/edit': { id: productA, ...listing },
    '/api/seller/product/duplicate': { id: productA },
    '/api/seller/product/status': { id: productA, status: 'unlisted' },
    '/api/seller/variants/import': {
      rows: [{ row: 2, productId: String(productA), variantKey: '', price: '0.01', stock: '999' }],
    },
  };
  const queries: Record<string, string> = { '/api/seller/product': `?id=${productA}` };
  if (url === '/api/seller/shop/picture' || url === '/api/seller/product/picture') {
    const body = multipart(PNG);
    return { method: 'POST', url: `${url}?kind=logo`, headers: body.headers, payload: body.payload };
  }
  return method === 'GET'
    ? { method: 'GET', url: `${url}${queries[url] ?? ''}` }
    : { method: 'POST', url, payload: payloads[url] ?? {} };
};

/**
 * Shop A's own rows: what no one but its sellers may change (its accounts without the TOTP step a sign-in
 * takes, and which of its sessions are revoked).
 */
const shopAFingerprint = async () =>
  JSON.stringify(
    await rowsOf(
      t.db,
      sql`SELECT (SELECT row_to_json(s)::text FROM shops s WHERE s.id = ${shopA}) AS shop,
            (SELECT string_agg(concat_ws('|', a.id, a.email, a.roles, a.password_hash, a.totp_secret, a.disabled_at,
               a.invite_code_hash), ',' ORDER BY a.id) FROM seller_accounts a WHERE a.shop_id = ${shopA}) AS accounts,
            (SELECT string_agg(x.id::text, ',' ORDER BY x.id) FROM seller_sessions x
               JOIN seller_accounts a ON a.id = x.seller_id WHERE a.shop_id = ${shopA} AND x.revoked_at IS NOT NULL) AS revoked,
            (SELECT string_agg(row_to_json(c)::text, ',' ORDER BY c.id) FROM comments c WHERE c.shop_id = ${shopA}) AS reviews,
            (SELECT string_agg(concat_ws('|', p.id, p.title, p.status, p.stock, p.unit_price, p.specs, p.titles), ',' ORDER BY p.id)
               FROM products p WHERE p.shop_id = ${shopA}) AS products,
            (SELECT string_agg(concat_ws('|', v.id, v.spec_key, v.stock, v.unit_price), ',' ORDER BY v.id)
               FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.shop_id = ${shopA}) AS variants`,
    ),
  );

let routes: { method: string; url: string }[];

beforeAll(async () => {
  t = await createOrdersTestApp();
  const operator = { headers: admin };
  ({ owner: ownerA, shopId: shopA } = await approvedOwner(t, operator, 'Shop A', 'a.owner@example.com'));
  ({ owner: ownerB } = await approvedOwner(t, operator, 'Shop B', 'b.owner@example.com'));
  const staffSeller = await invitedStaff(t, ownerA, 'a.finance@example.com', ['finance']);
  const me = await call<{ id: number }>(t.app, { method: 'GET', url: '/api/seller/me', headers: staffSeller.headers });
  staffA = { id: me.data.id, seller: staffSeller };
  // A review in shop A.
  const productId = (await createProduct(t, shopA)).id;
  productA = productId;
  const buyer = await newShopper(t, 'abuyer', { balance: 10_000 });
  const order = await buyNow(t.app, buyer, buyer.addressId, productId);
  await pay(t.app, buyer, [order.id]);
  const post = (url: string, payload: object, headers: Record<string, string> = buyer.headers) =>
    call(t.app, { method: 'POST', url, headers, payload });
  await post('/api/admin/order/ship', { id: order.id, carrier: 'DHL', trackingNo: 'A1' }, admin);
  await post('/api/order/confirm', { id: order.id });
  await post('/api/order/comment', {
    orderId: order.id,
    content: 'ok',
    productScore: 5,
    serviceScore: 5,
    postageScore: 5,
    pics: [],
  });
  reviewA = (await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM comments WHERE shop_id = ${shopA}`))[0]!.id;

  const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  routes = Object.entries(paths)
    .filter(([url]) => url.startsWith('/api/seller/'))
    .flatMap(([url, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url })));
});
afterAll(() => t.close());

const guarded = () => routes.filter(({ method, url }) => SELLER_ROUTE_ACCESS[`${method} ${url}`] !== 'public');

/** A fresh session of `seller` (one TOTP step later: a code is accepted once). */
const signIn = async (seller: Seller): Promise<Record<string, string>> => {
  t.advance(30_000);
  const reply = await call<{ token: string }>(t.app, {
    method: 'POST',
    url: '/api/seller/auth/sign_in',
    payload: { email: seller.email, password: seller.password, code: sellerCode(t, seller.secret) },
  });
  if (reply.code !== 1) throw new Error(`sign-in of ${seller.email}: ${reply.msg}`);
  return { 'seller-token': reply.data.token };
};

const send = async (route: { method: string; url: string }, headers: Record<string, string>) => {
  const options = requestOf(route.method, route.url);
  return call(t.app, { ...options, headers: { ...(options.headers as Record<string, string>), ...headers } });
};

describe('every seller route', () => {
  it('is found in the app and listed with its roles', () => {
    const listed = Object.keys(SELLER_ROUTE_ACCESS).filter((key) => !key.endsWith('/docs/json'));
    expect(routes.map(({ method, url }) => `${method} ${url}`).sort()).toEqual(listed.sort());
    expect(guarded().length).toBeGreaterThan(10);
  });

  it('refuses no credential, a shopper token, an expired and a revoked session; shop A is unchanged', async () => {
    const shopper = await createShopper(t, 'plainshopper');
    const revoked = await signIn(ownerA);
    await call(t.app, { method: 'POST', url: '/api/seller/auth/sign_out', headers: revoked });
    const before = await shopAFingerprint();
    for (const route of guarded()) {
      for (const [label, headers] of [
        ['none', {}],
        ['shopper token', shopper.headers],
        ['shopper token as seller token', { 'seller-token': shopper.token }],
        ['revoked', revoked],
      ] as const) {
        const reply = await send(route, headers);
        expect({ route: route.url, label, status: reply.status }).toEqual({ route: route.url, label, status: 401 });
      }
    }
    const expiring = await signIn(ownerA);
    t.advance(12 * 3_600_000 + 1);
    for (const route of guarded()) {
      const reply = await send(route, expiring);
      expect({ route: route.url, status: reply.status }).toEqual({ route: route.url, status: 401 });
    }
    expect(await shopAFingerprint()).toBe(before);
  });

  it('another shop’s owner reaches only their own shop; staff without the role are refused', async () => {
    const before = await shopAFingerprint();
    let asB = await signIn(ownerB);
    for (const route of guarded()) {
      const reply = await send(route, asB);
      expect(reply.status).toBeLessThan(500);
      if (route.url.startsWith('/api/seller/auth/')) asB = await signIn(ownerB);
    }
    expect(await shopAFingerprint()).toBe(before);

    const asStaff = await signIn(staffA.seller);
    let refused = 0;
    for (const route of guarded()) {
      const access = SELLER_ROUTE_ACCESS[`${route.method} ${route.url}`]!;
      if (access === 'any' || (Array.isArray(access) && access.includes('finance' as never))) continue;
      const reply = await send(route, asStaff);
      expect({ route: route.url, status: reply.status }).toEqual({ route: route.url, status: 403 });
      refused++;
    }
    expect(refused).toBeGreaterThan(5);
    expect(await shopAFingerprint()).toBe(before);
  });
});
