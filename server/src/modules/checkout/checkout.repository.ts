import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ProductSpec } from '@marketplace/shared/contracts';
import { bagItems, products, promoCodes, promoRedemptions, shops } from '../../db/schema';
import type { Executor } from '../ledger/transaction';

export interface CheckoutLine {
  bagItemId: number | null;
  productId: number;
  /** The product_variants row the line buys (docs/decisions/0012-variants-and-stock.md). */
  variantId: number;
  title: string;
  unitPrice: number;
  stock: number;
  specs: ProductSpec[];
  spec: Record<string, string>;
  quantity: number;
  shopId: number;
  shopName: string;
}

const productColumns = {
  productId: products.id,
  title: products.title,
  unitPrice: products.unitPrice,
  stock: products.stock,
  specs: products.specs,
  shopId: shops.id,
  shopName: shops.name,
};

/** Every query runs on the executor it is given, so checkout reads and writes share one transaction. */
export const createCheckoutRepository = () => ({
  /** Only the caller's bag lines; ids of someone else's bag simply do not come back. */
  async bagLines(executor: Executor, userId: number, itemIds: number[]): Promise<Omit<CheckoutLine, 'variantId'>[]> {
    const rows = await executor
      .select({ ...productColumns, bagItemId: bagItems.id, spec: bagItems.spec, quantity: bagItems.quantity })
      .from(bagItems)
      .innerJoin(products, eq(products.id, bagItems.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(eq(bagItems.userId, userId), inArray(bagItems.id, itemIds), eq(products.status, 'published')));
    return rows;
  },

  async product(executor: Executor, productId: number) {
    const [row] = await executor
      .select(productColumns)
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(eq(products.id, productId), eq(products.status, 'published')));
    return row;
  },

  async removeBagItems(executor: Executor, userId: number, itemIds: number[]) {
    if (itemIds.length === 0) return;
    await executor.delete(bagItems).where(and(eq(bagItems.userId, userId), inArray(bagItems.id, itemIds)));
  },

  async promo(executor: Executor, code: string) {
    const [row] = await executor.select().from(promoCodes).where(eq(promoCodes.code, code.toUpperCase()));
    return row;
  },

  /** Serialises one shopper's checkouts with one code, so the per-shopper limit holds under races. */
  async lockPromoUse(tx: Executor, userId: number, code: string) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${code.toUpperCase()}), ${userId})`);
  },

  async promoUses(executor: Executor, userId: number, code: string): Promise<number> {
    const [row] = await executor
      .select({ uses: count() })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.userId, userId), eq(promoRedemptions.code, code)));
    return row?.uses ?? 0;
  },

  async redeemPromo(tx: Executor, userId: number, code: string) {
    await tx.insert(promoRedemptions).values({ userId, code });
  },
});

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
