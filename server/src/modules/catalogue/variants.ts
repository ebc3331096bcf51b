import { asc, inArray, sql } from 'drizzle-orm';
import type { BagSpec } from '@marketplace/shared/contracts';
import { productVariants } from '../../db/schema';
import { rowsOf, type Executor } from '../../db/transaction';

/**
 * Variants: what a shopper buys exactly, with its own price and stock (docs/decisions/0012-variants-and-stock.md).
 * Every stock change locks the product row first, then its variants in id order, products in id order:
 * checkout, cancel, refund, pay and a seller's edit (modules/sellers/listings.repository.ts) take the same
 * order, so they cannot deadlock.
 * `products.stock` stays the sum of its variants' stock, changed in the same transaction.
 */
export type VariantRow = typeof productVariants.$inferSelect;

/**
 * Same choices in any key order give the same key (a bag line's `spec_key`). The key '' is no spec's: it
 * names the variant whose stock the product's options share.
 */
export const specKey = (spec: BagSpec): string =>
  JSON.stringify(
    Object.keys(spec)
      .sort()
      .map((name) => [name, spec[name]]),
  );

/** The variant a line buys: the exact spec's, else the product's '' variant (its options share one stock). */
export const pickVariant = <V extends Pick<VariantRow, 'specKey'>>(variants: V[], spec: BagSpec): V | undefined =>
  variants.find((variant) => variant.specKey === specKey(spec)) ?? variants.find((variant) => variant.specKey === '');

/** SQL: the id of the variant a (product, spec_key) pair buys, as `pickVariant` chooses it (null: none). */
export const variantIdOf = (productId: unknown, key: unknown) =>
  sql<number | null>`(SELECT v.id FROM product_variants v WHERE v.product_id = ${productId}
    AND v.spec_key IN (${key}, '') ORDER BY v.spec_key = '' LIMIT 1)`;

export const variantsOf = (executor: Executor, productIds: number[]): Promise<VariantRow[]> =>
  productIds.length === 0
    ? Promise.resolve([])
    : executor
        .select()
        .from(productVariants)
        .where(inArray(productVariants.productId, productIds))
        .orderBy(asc(productVariants.productId), asc(productVariants.id));

interface Hold {
  productId: number;
  variantId: number;
  quantity: number;
}

/** Locks the products of `holds` (id order) before any of their variants is touched. */
const lockProducts = async (executor: Executor, holds: Hold[]) => {
  const ids = [...new Set(holds.map((hold) => hold.productId))].sort((a, b) => a - b);
  for (const id of ids) await executor.execute(sql`SELECT id FROM products WHERE id = ${id} FOR NO KEY UPDATE`);
};

const inLockOrder = (holds: Hold[]) =>
  [...holds].sort((a, b) => a.productId - b.productId || a.variantId - b.variantId);

/**
 * Takes `quantity` off each variant by a conditional UPDATE (stock >= n), and the same off its product's
 * stock. Returns the first variant that has too little with the stock it has now, or null when all held.
 */
export const reserveVariants = async (
  executor: Executor,
  holds: Hold[],
): Promise<{ variantId: number; stock: number } | null> => {
  await lockProducts(executor, holds);
  for (const hold of inLockOrder(holds)) {
    const taken = await rowsOf<{ id: number }>(
      executor,
      sql`UPDATE product_variants SET stock = stock - ${hold.quantity}
          WHERE id = ${hold.variantId} AND stock >= ${hold.quantity} RETURNING id`,
    );
    if (taken.length === 0) {
      const [left] = await rowsOf<{ stock: number }>(
        executor,
        sql`SELECT stock FROM product_variants WHERE id = ${hold.variantId}`,
      );
      return { variantId: hold.variantId, stock: left?.stock ?? 0 };
    }
    await executor.execute(sql`UPDATE products SET stock = stock + ${-hold.quantity} WHERE id = ${hold.productId}`);
  }
  return null;
};

/**
 * Gives the stock held by `orderIds`' items back to their variants and products. The caller has just moved
 * the orders by a conditional UPDATE (cancel, agreed refund), so this runs once per order.
 */
export const releaseVariants = async (executor: Executor, orderIds: number[]) => {
  if (orderIds.length === 0) return;
  const holds = await rowsOf<Hold>(
    executor,
    sql`SELECT oi.product_id AS "productId", v.id AS "variantId", sum(oi.quantity)::int AS quantity
        FROM order_items oi JOIN product_variants v ON v.product_id = oi.product_id
          -- Items written before variants (or by the seed) hold the product's '' variant.
          AND (v.id = oi.variant_id OR (oi.variant_id IS NULL AND v.spec_key = ''))
        WHERE oi.order_id IN (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        GROUP BY oi.product_id, v.id`,
  );
  await lockProducts(executor, holds);
  for (const hold of inLockOrder(holds)) {
    await executor.execute(
      sql`UPDATE product_variants SET stock = stock + ${hold.quantity} WHERE id = ${hold.variantId}`,
    );
    await executor.execute(sql`UPDATE products SET stock = stock + ${hold.quantity} WHERE id = ${hold.productId}`);
  }
};
