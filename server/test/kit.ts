/**
 * One import for the server tests that open an app, make shoppers and buy: the app harness, the order
 * fixtures, and the set-up those tests repeated (a shopper with a balance and an address, a product on
 * sale in a shop).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { VerifyPayFailure } from '@marketplace/shared/contracts';
import {
  addAddress,
  buyNow,
  createOrdersTestApp,
  createProduct,
  createShop,
  createShopper,
  fund,
  type Shopper,
} from './orders.helpers';
import { bootstrapAdmin, createOperator, type Operator } from './operators.helpers';
import { call, type TestApp } from './harness';

export * from './harness';
export * from './orders.helpers';
export * from './operators.helpers';

/** A shopper with the address their orders go to. */
export type Buyer = Shopper & { addressId: number };

/**
 * A shopper (payment code 123456 unless `paymentCode: false`) holding `balance` cents, credited through the
 * operator API as a ledger adjustment, with an address unless `address: false` (then `addressId` is 0).
 */
interface ShopperOptions {
  balance?: number;
  address?: boolean;
  paymentCode?: boolean;
  /** A password the shopper can sign in or change it with (none by default). */
  password?: string;
}

export const shopper = async (
  t: TestApp,
  account: string,
  { balance = 0, address = true, paymentCode = true, password }: ShopperOptions = {},
): Promise<Buyer> => {
  const created = await createShopper(t, account, { paymentCode, ...(password === undefined ? {} : { password }) });
  if (balance > 0) await fund(t.app, account, balance);
  return { ...created, addressId: address ? await addAddress(t.app, created) : 0 };
};

/** A product on sale in a new shop (named `shopName`, or a numbered test shop); its id. */
export const productOnSale = async (t: TestApp, product: Parameters<typeof createProduct>[2] = {}, shopName?: string) =>
  (await createProduct(t, (await createShop(t, shopName)).id, product)).id;

/** A shopper holding `balance` cents with one waiting order of a product at `unitPrice` (its own shop, stock 5). */
export const shopperWithOrder = async (
  t: TestApp,
  account: string,
  { balance = 10_000, unitPrice = 1_000 }: { balance?: number; unitPrice?: number } = {},
) => {
  const buyer = await shopper(t, account, { balance });
  const order = await buyNow(t.app, buyer, buyer.addressId, await productOnSale(t, { unitPrice, stock: 5 }));
  return { shopper: buyer, order };
};

/** A shopper's payment-code guard columns and balance, straight from the database. */
export const paymentGuardOf = async (t: TestApp, shopper: Shopper) => {
  const result = (await t.db.execute(
    sql`SELECT payment_failures, cardinality(payment_claims) AS payment_pending, balance FROM users WHERE id = ${shopper.id}`,
  )) as unknown as { rows: { payment_failures: number; payment_pending: number; balance: string | number }[] };
  const row = result.rows[0]!;
  return { failures: row.payment_failures, pending: row.payment_pending, balance: Number(row.balance) };
};

/**
 * A shopper `appWith` makes: an account name alone (payment code 123456, no money), or the account with
 * `shopper`'s options; no address unless `address: true`.
 */
type ShopperSpec = string | ({ account: string } & ShopperOptions);

/**
 * The app a test file shares (operator credential `admin`) and its shoppers, made in the order given:
 * `beforeAll(async () => ({ t, shoppers: [ana, bob] } = await appWith('ana', { account: 'bob', balance: 5_000 })));`
 */
export const appWith = async <S extends ShopperSpec[]>(...specs: S) => {
  const t = await createOrdersTestApp();
  const shoppers: Buyer[] = [];
  for (const spec of specs) {
    shoppers.push(
      typeof spec === 'string'
        ? await shopper(t, spec, { address: false })
        : await shopper(t, spec.account, { address: false, ...spec }),
    );
  }
  return { t, shoppers: shoppers as { [K in keyof S]: Buyer } };
};

/**
 * `appWith` for a whole test file: opened before its tests and closed after them; `take` is given the app
 * and then its shoppers: `appForFile((opened) => ([t, ana] = opened), 'ana');`
 */
export const appForFile = <S extends ShopperSpec[]>(
  take: (opened: [TestApp, ...{ [K in keyof S]: Buyer }]) => void,
  ...specs: S
) => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    const opened = await appWith(...specs);
    t = opened.t;
    take([opened.t, ...opened.shoppers]);
  });
  afterAll(() => t?.close());
};

/**
 * The first admin (bootstrapped as `root`) and, for each `[name, ...roles]`, an operator that admin created and
 * that has enrolled: `[root, fiona] = await staff(t, ['fiona', 'finance'])`.
 */
export const staff = async <S extends [string, ...string[]][]>(t: TestApp, ...members: S) => {
  const root = await bootstrapAdmin(t);
  const made: Operator[] = [];
  for (const [name, ...roles] of members) made.push(await createOperator(t, root, name, roles));
  return [root, ...made] as [Operator, ...{ [K in keyof S]: Operator }];
};

/** The mails the app's outbox holds for `account`@example.com, oldest first. */
export const mailsTo = (t: TestApp, account: string): string[] => {
  const outbox = path.join(t.config.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${account}@example.com\n`));
};

/** The shopper's payment-code check (`/api/user/verify_pay`). */
export const verifyPay = (t: TestApp, shopper: Shopper, paymentCode: string) =>
  call<VerifyPayFailure | null>(t.app, {
    method: 'POST',
    url: '/api/user/verify_pay',
    headers: shopper.headers,
    payload: { paymentCode },
  });
