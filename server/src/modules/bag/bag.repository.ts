import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BagSpec } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { bagItems, products, shops } from '../../db/schema';
import { variantIdOf } from '../catalogue/variants';

/** The price and stock of the variant a bag line buys (docs/decisions/0012-variants-and-stock.md); none: the product's price, 0 left. */
const variantColumn = (column: 'unit_price' | 'stock') =>
  sql`(SELECT v.${sql.raw(column)} FROM product_variants v WHERE v.id = ${variantIdOf(products.id, bagItems.specKey)})`;
const linePrice = sql<number>`coalesce(${variantColumn('unit_price')}, ${products.unitPrice})`.mapWith(Number);
const lineStock = sql<number>`coalesce(${variantColumn('stock')}, 0)`.mapWith(Number);

export const createBagRepository = (db: Db) => ({
  /** Every line of the shopper's bag with what the bag shows of its product and shop, newest first. */
  async lines(userId: number) {
    return db
      .select({
        id: bagItems.id,
        productId: bagItems.productId,
        spec: bagItems.spec,
        quantity: bagItems.quantity,
        selected: bagItems.selected,
        title: products.title,
        unitPrice: linePrice,
        stock: lineStock,
        shopId: shops.id,
        shopName: shops.name,
      })
      .from(bagItems)
      .innerJoin(products, eq(products.id, bagItems.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(eq(bagItems.userId, userId))
      .orderBy(desc(bagItems.id));
  },

  async lineCount(userId: number) {
    const [row] = await db.select({ n: count() }).from(bagItems).where(eq(bagItems.userId, userId));
    return row?.n ?? 0;
  },

  /**
   * Adds a line or merges into the existing one for the same product and spec. The merge only happens
   * while the sum stays within `stock`, checked in the same statement; false when it would not.
   */
  async add(userId: number, productId: number, spec: BagSpec, specKey: string, quantity: number, stock: number) {
    const rows = await db
      .insert(bagItems)
      .values({ userId, productId, spec, specKey, quantity, selected: true })
      .onConflictDoUpdate({
        target: [bagItems.userId, bagItems.productId, bagItems.specKey],
        set: { quantity: sql`${bagItems.quantity} + excluded.quantity`, selected: true },
        setWhere: sql`${bagItems.quantity} + excluded.quantity <= ${stock}`,
      })
      .returning({ id: bagItems.id });
    return rows.length > 0;
  },

  async findLine(userId: number, itemId: number) {
    const [row] = await db
      .select({ id: bagItems.id, stock: lineStock })
      .from(bagItems)
      .innerJoin(products, eq(products.id, bagItems.productId))
      .where(and(eq(bagItems.id, itemId), eq(bagItems.userId, userId)));
    return row;
  },

  async setQuantity(userId: number, itemId: number, quantity: number) {
    await db
      .update(bagItems)
      .set({ quantity })
      .where(and(eq(bagItems.id, itemId), eq(bagItems.userId, userId)));
  },

  /** How many of `itemIds` belong to the shopper. */
  async ownedCount(userId: number, itemIds: number[]) {
    const [row] = await db
      .select({ n: count() })
      .from(bagItems)
      .where(and(eq(bagItems.userId, userId), inArray(bagItems.id, itemIds)));
    return row?.n ?? 0;
  },

  async remove(userId: number, itemIds: number[]) {
    await db.delete(bagItems).where(and(eq(bagItems.userId, userId), inArray(bagItems.id, itemIds)));
  },

  async selectItems(userId: number, itemIds: number[], selected: boolean) {
    await db
      .update(bagItems)
      .set({ selected })
      .where(and(eq(bagItems.userId, userId), inArray(bagItems.id, itemIds)));
  },

  /** Selects the shop's lines; returns how many there were. */
  async selectShop(userId: number, shopId: number, selected: boolean) {
    const rows = await db
      .update(bagItems)
      .set({ selected })
      .where(
        and(
          eq(bagItems.userId, userId),
          inArray(bagItems.productId, db.select({ id: products.id }).from(products).where(eq(products.shopId, shopId))),
        ),
      )
      .returning({ id: bagItems.id });
    return rows.length;
  },

  async selectAll(userId: number, selected: boolean) {
    await db.update(bagItems).set({ selected }).where(eq(bagItems.userId, userId));
  },
});

export type BagRepository = ReturnType<typeof createBagRepository>;
