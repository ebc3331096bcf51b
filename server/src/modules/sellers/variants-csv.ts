import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { parseMoney } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

/**
 * Bulk price and stock by CSV (docs/decisions/0012-variants-and-stock.md): the shop's variants out as rows
 * (product id, variant key, title, price, stock), an edited file back in. The seller app reads the file
 * (papaparse) and sends its rows as typed; every row is checked here, and one wrong row changes nothing.
 */
const MAX_CSV_ROWS = 5_000;
const MAX_PRICE = 100_000_000;
const MAX_STOCK = 1_000_000;

interface CsvRow {
  /** The row's number in the file (the header is row 1), as the report names it. */
  row: number;
  productId: string;
  variantKey: string;
  price: string;
  stock: string;
}
interface RowError {
  row: number;
  msgKey: string;
}

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const createVariantsCsv = (db: Db) => ({
  /** Every variant of the shop, its listings' ids in order; the price in dollars as a person edits it. */
  async rows(shopId: number) {
    const found = await db
      .select({
        productId: products.id,
        variantKey: productVariants.specKey,
        title: products.title,
        unitPrice: productVariants.unitPrice,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.shopId, shopId))
      .orderBy(asc(products.id), asc(productVariants.id))
      .limit(MAX_CSV_ROWS);
    return found.map(({ unitPrice, ...row }) => ({ ...row, price: dollars(Number(unitPrice)) }));
  },

  /**
   * Applies every row or none: the rows' errors (row number and message key) when any is wrong, and then
   * nothing is written. Under the
   * listings edit's locks (the product rows in id order, then their variants): stock cannot change under it.
   */
  async apply(shopId: number, rows: CsvRow[]): Promise<{ updated: number } | { errors: RowError[] }> {
    return inTransaction(db, async (tx) => {
      const ids = [
        ...new Set(rows.map((row) => Number(row.productId)).filter((id) => Number.isSafeInteger(id) && id > 0)),
      ].sort((a, b) => a - b);
      for (const id of ids) {
        await tx.execute(sql`SELECT id FROM products WHERE id = ${id} AND shop_id = ${shopId} FOR NO KEY UPDATE`);
      }
      const variants =
        ids.length === 0
          ? []
          : await tx
              .select({
                id: productVariants.id,
                productId: productVariants.productId,
                specKey: productVariants.specKey,
              })
              .from(productVariants)
              .innerJoin(products, eq(products.id, productVariants.productId))
              .where(and(inArray(productVariants.productId, ids), eq(products.shopId, shopId)));
      const byKey = new Map(variants.map((variant) => [`${variant.productId}\u0000${variant.specKey}`, variant]));
      const errors: RowError[] = [];
      const seen = new Set<number>();
      const changes: { id: number; unitPrice: number; stock: number }[] = [];
      for (const row of rows) {
        const variant = byKey.get(`${Number(row.productId)}\u0000${row.variantKey}`);
        const unitPrice = parseMoney(row.price);
        const stock = /^\d{1,7}$/.test(row.stock.trim()) ? Number(row.stock.trim()) : null;
        if (!variant) errors.push({ row: row.row, msgKey: 'err.seller.csvVariantUnknown' });
        else if (seen.has(variant.id)) errors.push({ row: row.row, msgKey: 'err.seller.csvVariantTwice' });
        else if (unitPrice === null || unitPrice > MAX_PRICE)
          errors.push({ row: row.row, msgKey: 'err.seller.csvPrice' });
        else if (stock === null || stock > MAX_STOCK) errors.push({ row: row.row, msgKey: 'err.seller.csvStock' });
        else changes.push({ id: variant.id, unitPrice, stock });
        if (variant) seen.add(variant.id);
      }
      // Nothing was written yet: the transaction ends with the locks alone.
      if (errors.length > 0) return { errors };
      for (const change of [...changes].sort((a, b) => a.id - b.id)) {
        await tx
          .update(productVariants)
          .set({ unitPrice: change.unitPrice, stock: change.stock })
          .where(eq(productVariants.id, change.id));
      }
      // Each product's stock is its variants' sum and its price their lowest, as a listing's edit keeps them.
      for (const id of ids) {
        await tx
          .update(products)
          .set({
            stock: sql`(SELECT coalesce(sum(v.stock), 0)::int FROM product_variants v WHERE v.product_id = ${id})`,
            unitPrice: sql`(SELECT coalesce(min(v.unit_price), 0) FROM product_variants v WHERE v.product_id = ${id})`,
          })
          .where(and(eq(products.id, id), eq(products.shopId, shopId)));
      }
      return { updated: changes.length };
    });
  },
});

export type VariantsCsv = ReturnType<typeof createVariantsCsv>;
