/**
 * One import for the server tests that open an app, make shoppers and buy: the app harness, the order
 * fixtures, and the set-up those tests repeated (a shopper with a balance and an address, a product on
 * sale in a shop).
 */
import { sql } from 'drizzle-orm';
import { addAddress, buyNow, createProduct, createShop, createShopper, fund, type Shopper } from './orders.helpers';
import type { TestApp } from './harness';

export * from './harness';
export * from './orders.helpers';

/** A shopper with the address their orders go to. */
export type Buyer = Shopper & { addressId: number };

/**
 * A shopper (payment code 123456 unless `paymentCode: false`) holding `balance` cents, credited through the
 * operator API as a ledger adjustment, with an address unless `address: false` (then `addressId` is 0).
 */
export const shopper = async (
  t: TestApp,
  account: string,
  {
    balance = 0,
    address = true,
    paymentCode = true,
  }: { balance?: number; address?: boolean; paymentCode?: boolean } = {},
): Promise<Buyer> => {
  const created = await createShopper(t, account, { paymentCode });
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
