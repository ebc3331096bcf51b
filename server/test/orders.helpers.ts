import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bagItems, products, shops, users, userTokens } from '../src/db/schema';
import { hashSecret, newToken, sha256 } from '../src/lib/secrets';
import { call, createTestApp, tablesFingerprint, type TestApp } from './harness';

export const ADMIN_TOKEN = 'test-operator-credential';
export const PAYMENT_CODE = '123456';
export const admin = { 'admin-token': ADMIN_TOKEN };

export const createOrdersTestApp = () => createTestApp({ adminToken: ADMIN_TOKEN });

let paymentCodeHash: Promise<string> | undefined;

export interface Shopper {
  id: number;
  account: string;
  token: string;
  headers: { token: string };
}

/**
 * A shopper with payment code 123456 and a live token, inserted directly (no argon2 login per test); no usable
 * password unless `password` is given.
 */
export const createShopper = async (
  t: TestApp,
  account: string,
  options: { paymentCode?: boolean; password?: string } = {},
): Promise<Shopper> => {
  paymentCodeHash ??= hashSecret(PAYMENT_CODE);
  const [user] = await t.db
    .insert(users)
    .values({
      account,
      passwordHash: options.password === undefined ? 'unused' : await hashSecret(options.password),
      paymentCodeHash: options.paymentCode === false ? null : await paymentCodeHash,
    })
    .returning();
  const token = newToken();
  await t.db
    .insert(userTokens)
    .values({ userId: user!.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user!.id, account, token, headers: { token } };
};

let shopCounter = 0;
export const createShop = async (t: TestApp, name = `Test Shop ${++shopCounter}`) => {
  const [shop] = await t.db.insert(shops).values({ name, description: 'A test shop' }).returning();
  return shop!;
};

export const createProduct = async (
  t: TestApp,
  shopId: number,
  { unitPrice = 1_000, stock = 10, title = 'Test Mug' }: { unitPrice?: number; stock?: number; title?: string } = {},
) => {
  const [product] = await t.db
    .insert(products)
    .values({
      shopId,
      title,
      keyword: 'Mug',
      category: 'familyLife',
      unitPrice,
      stock,
      description: 'A mug',
      specs: [],
    })
    .returning();
  return product!;
};

export const putInBag = async (t: TestApp, userId: number, productId: number, quantity: number) => {
  const [item] = await t.db
    .insert(bagItems)
    .values({ userId, productId, quantity, spec: {}, specKey: '{}' })
    .returning();
  return item!;
};

export const fund = async (app: FastifyInstance, account: string, amount: number) => {
  const reply = await call<{ balance: number }>(app, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    headers: admin,
    payload: { account, amount, reason: 'test funds' },
  });
  if (reply.code !== 1) throw new Error(`fund failed: ${reply.msg}`);
  return reply.data.balance;
};

export const addAddress = async (app: FastifyInstance, shopper: Shopper) => {
  const reply = await call<{ id: number }>(app, {
    method: 'POST',
    url: '/api/user/address_add',
    headers: shopper.headers,
    payload: {
      addressee: 'Ana Lima',
      mobilePhone: '+351 912 345 678',
      area: 'Lisbon',
      detailedAddress: 'Rua Augusta 1',
      tag: 'home',
    },
  });
  if (reply.code !== 1) throw new Error(`address failed: ${reply.msg}`);
  return reply.data.id;
};

export const buyNow = async (
  app: FastifyInstance,
  shopper: Shopper,
  addressId: number,
  productId: number,
  quantity = 1,
) => {
  const reply = await call<{ orders: { id: number; total: number }[] }>(app, {
    method: 'POST',
    url: '/api/order/create',
    headers: shopper.headers,
    payload: { buyNow: { productId, quantity, spec: {} }, addressId },
  });
  if (reply.code !== 1) throw new Error(`create failed: ${reply.msg}`);
  return reply.data.orders[0]!;
};

export const pay = (app: FastifyInstance, shopper: Shopper, orderIds: number[], paymentCode = PAYMENT_CODE) =>
  call<{ balance: number }>(app, {
    method: 'POST',
    url: '/api/order/pay',
    headers: shopper.headers,
    payload: { orderIds, paymentCode },
  });

/** The smallest valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const multipart = (bytes: Buffer, filename = 'proof.png', field = 'file') => {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const upload = async (app: FastifyInstance, shopper: Shopper, bytes: Buffer = PNG) => {
  const body = multipart(bytes);
  const reply = await call<{ id: string; url: string }>(app, {
    method: 'POST',
    url: '/api/upload',
    headers: { ...shopper.headers, ...body.headers },
    payload: body.payload,
  });
  if (reply.code !== 1) throw new Error(`upload failed: ${reply.msg}`);
  return reply.data;
};

export const orderStatus = async (t: TestApp, id: number) => {
  const result = (await t.db.execute(sql`SELECT status FROM orders WHERE id = ${id}`)) as unknown as {
    rows: { status: number }[];
  };
  return result.rows[0]?.status;
};

/**
 * SQL subqueries over the ledger entries of `kind` that point at `reference` (e.g. sql`'order:' || o.id`):
 * how many there are, and the sum of their amounts (0 for none).
 */
export const ledgerEntriesOf = (kind: string, reference: SQL) => {
  const entries = sql`FROM ledger_entries l WHERE l.kind = ${kind} AND l.reference = ${reference}`;
  return {
    count: sql`(SELECT count(*)::int ${entries})`,
    sum: sql`(SELECT coalesce(sum(amount_cents), 0)::int ${entries})`,
  };
};

/** The money invariant, straight from the database. */
export const ledgerInvariant = async (t: TestApp) => {
  const result = (await t.db.execute(sql`
    SELECT u.id, u.balance::bigint AS balance, coalesce(sum(l.amount_cents), 0)::bigint AS ledger,
           (SELECT count(*) FROM ledger_entries x WHERE x.user_id = u.id AND x.balance_after_cents < 0)::int AS negatives
    FROM users u LEFT JOIN ledger_entries l ON l.user_id = u.id GROUP BY u.id, u.balance`)) as unknown as {
    rows: { id: number; balance: string | number; ledger: string | number; negatives: number }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    balance: Number(row.balance),
    ledger: Number(row.ledger),
    negatives: row.negatives,
  }));
};

/** The shoppers breaking the money invariant: a balance other than their ledger's sum, or below 0 at any time. */
export const ledgerBreaches = async (t: TestApp) =>
  (await ledgerInvariant(t)).filter((row) => row.balance !== row.ledger || row.balance < 0 || row.negatives > 0);

/** Row count and digest of every table an order-area request could touch: proves a refusal changed nothing. */
export const ordersFingerprint = async (t: TestApp) => {
  const tables = [
    'users',
    'orders',
    'order_items',
    'order_events',
    'addresses',
    'refunds',
    'comments',
    'uploads',
    'ledger_entries',
    'products',
    'shops',
    'bag_items',
    'recharges',
    'withdrawals',
    'operator_audit',
  ];
  return tablesFingerprint(t.db, tables);
};
