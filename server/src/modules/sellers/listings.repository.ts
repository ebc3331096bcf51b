import { and, count, desc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { ProductCategory, ProductSpec } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { merchantApplications, products, productVariants, uploads, type ProductStatus } from '../../db/schema';
import { rowsOf, type Executor } from '../../db/transaction';
import { variantsOf } from '../catalogue/variants';

export type ListingRow = typeof products.$inferSelect;

/** What a listing's write sets: texts, category, options and the variants (key '' = the shared variant). */
export interface ListingContent {
  title: string;
  titles: Record<string, string>;
  description: string;
  descriptions: Record<string, string>;
  keyword: string;
  category: ProductCategory;
  specs: ProductSpec[];
  /** Upload ids in gallery order, the first the cover. */
  pictures: string[];
  variants: { key: string; spec: Record<string, string>; unitPrice: number; stock: number }[];
}

/** A seller's products (docs/decisions/0012-variants-and-stock.md); every call names the session's shop. */
export const createListingsRepository = (db: Db) => ({
  async list(shopId: number, offset: number, limit: number) {
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: products.id,
          title: products.title,
          status: products.status,
          category: products.category,
          unitPrice: products.unitPrice,
          // The price range's top (unitPrice is its bottom); written out: a subquery would misread drizzle's unqualified columns.
          maxPrice: sql<number>`(SELECT coalesce(max(v.unit_price), 0) FROM product_variants v WHERE v.product_id = "products"."id")`,
          stock: products.stock,
          sold: products.sold,
          createdAt: products.createdAt,
        })
        .from(products)
        .where(eq(products.shopId, shopId))
        .orderBy(desc(products.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(products).where(eq(products.shopId, shopId)),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async find(executor: Executor, shopId: number, id: number) {
    const [row] = await executor
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.shopId, shopId)));
    return row ? { row, variants: await variantsOf(executor, [id]) } : undefined;
  },

  /**
   * A new draft with no stock (the insert trigger gives it a shared variant); `write` then sets its
   * content and variants, and the caller its status. Returns its id.
   */
  async insert(tx: Executor, shopId: number, imageCount: number) {
    const [row] = await tx
      .insert(products)
      .values({
        shopId,
        status: 'draft',
        title: '',
        keyword: '',
        category: 'familyLife',
        unitPrice: 0,
        stock: 0,
        description: '',
        specs: [],
        imageCount,
      })
      .returning({ id: products.id });
    return row!.id;
  },

  /**
   * Sets the listing's content and variants under the product row's lock (the lock every stock change
   * takes first, variants.ts): variants not listed go, listed ones get their price and stock, new ones
   * are added; the product's stock becomes their sum and its price their lowest.
   */
  async write(tx: Executor, shopId: number, id: number, content: ListingContent): Promise<boolean> {
    const locked = await rowsOf<{ id: number }>(
      tx,
      sql`SELECT id FROM products WHERE id = ${id} AND shop_id = ${shopId} FOR NO KEY UPDATE`,
    );
    if (locked.length === 0) return false;
    const keys = content.variants.map((variant) => variant.key);
    await tx.delete(productVariants).where(
      and(
        eq(productVariants.productId, id),
        sql`NOT (${productVariants.specKey} IN (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}))`,
      ),
    );
    for (const variant of content.variants) {
      await tx
        .insert(productVariants)
        .values({
          productId: id,
          spec: variant.spec,
          specKey: variant.key,
          unitPrice: variant.unitPrice,
          stock: variant.stock,
        })
        .onConflictDoUpdate({
          target: [productVariants.productId, productVariants.specKey],
          set: { spec: variant.spec, unitPrice: variant.unitPrice, stock: variant.stock },
        });
    }
    await tx
      .update(products)
      .set({
        title: content.title,
        titles: content.titles,
        description: content.description,
        descriptions: content.descriptions,
        keyword: content.keyword,
        category: content.category,
        specs: content.specs,
        pictures: content.pictures,
        stock: sql`(SELECT coalesce(sum(v.stock), 0)::int FROM product_variants v WHERE v.product_id = ${id})`,
        unitPrice: sql`(SELECT coalesce(min(v.unit_price), 0) FROM product_variants v WHERE v.product_id = ${id})`,
      })
      .where(eq(products.id, id));
    return true;
  },

  /**
   * The pictures become the listing's: each must be a picture uploaded for this shop (by its approved
   * applicant, whose uploads the seller centre's pictures are) and turns public. False when any is not;
   * the caller's transaction then rolls back.
   */
  async claimPictures(tx: Executor, shopId: number, ids: string[]): Promise<boolean> {
    if (ids.length === 0) return true;
    const owners = tx
      .select({ userId: merchantApplications.userId })
      .from(merchantApplications)
      .where(and(eq(merchantApplications.shopId, shopId), isNotNull(merchantApplications.approvedAt)));
    const claimed = await tx
      .update(uploads)
      .set({ public: true })
      .where(and(inArray(uploads.id, ids), like(uploads.mime, 'image/%'), inArray(uploads.userId, owners)))
      .returning({ id: uploads.id });
    return claimed.length === ids.length;
  },

  /**
   * The words of these listings, once published, that search does not know yet join its vocabulary
   * (search_words), so that a misspelling of a word a seller has just published is corrected too
   * (docs/requirements.md §4.2). Words already known keep their counts as of the vocabulary's last refresh.
   */
  async learnWords(executor: Executor, ids: number[]) {
    if (ids.length === 0) return;
    await executor.execute(sql`
      INSERT INTO search_words (word, products, category, ranked, titled)
      SELECT DISTINCT ON (w.lexeme) w.lexeme, 1, p.category, 1, 1
      FROM products p, unnest(p.search_doc) AS w
      WHERE p.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND p.status = 'published'
      ON CONFLICT (word) DO NOTHING`);
  },

  async setStatus(executor: Executor, shopId: number, ids: number[], status: ProductStatus) {
    return executor
      .update(products)
      .set({ status })
      .where(and(inArray(products.id, ids), eq(products.shopId, shopId)))
      .returning({ id: products.id });
  },
});

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
