import { and, asc, count, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ProductCategory, ProductSort } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { products, savedProducts, shopFollows, shops } from '../../db/schema';
import { preparedRowsOf } from '../../db/prepared';
import { inTransaction } from '../../db/transaction';
import { createSearchRepository } from './search.repository';
import { variantsOf } from './variants';

export type ProductRow = typeof products.$inferSelect;

/** A list's filter; a keyword search goes through search.repository.ts. */
interface ProductFilter {
  category?: ProductCategory;
  minPrice?: number;
  maxPrice?: number;
  shopId?: number;
}

/** Only published listings reach shoppers (docs/decisions/0012-variants-and-stock.md). */
const published = eq(products.status, 'published');

const productWhere = (filter: ProductFilter): SQL | undefined =>
  and(
    published,
    filter.category ? eq(products.category, filter.category) : undefined,
    filter.minPrice === undefined ? undefined : gte(products.unitPrice, filter.minPrice),
    filter.maxPrice === undefined ? undefined : lte(products.unitPrice, filter.maxPrice),
    filter.shopId === undefined ? undefined : eq(products.shopId, filter.shopId),
  );

/** Every order ends on the id, so pages never overlap or skip rows that tie. */
type ProductOrder = ProductSort | 'seen';
const productOrder = (order: ProductOrder): SQL[] => {
  switch (order) {
    case 'priceAsc':
      return [asc(products.unitPrice), asc(products.id)];
    case 'priceDesc':
      return [desc(products.unitPrice), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'seen':
      return [desc(products.seen), desc(products.id)];
    case 'sales':
      return [desc(products.sold), desc(products.id)];
  }
};

const productCardColumns = {
  id: products.id,
  title: products.title,
  unitPrice: products.unitPrice,
  sold: products.sold,
  shopId: products.shopId,
  shopName: shops.name,
  category: products.category,
  pictures: products.pictures,
};
export interface ProductCardRow {
  id: number;
  title: string;
  unitPrice: number;
  sold: number;
  shopId: number;
  shopName: string;
  category: string;
  /** The seller's pictures (docs/decisions/0012-variants-and-stock.md): the first is the card's; absent or empty: the generated one. */
  pictures?: string[];
}

const shopCardColumns = (userId: number | null) => ({
  id: shops.id,
  name: shops.name,
  sales: shops.sales,
  fans: shops.fans,
  favorableRate: shops.favorableRate,
  totalSales: shops.totalSales,
  supportDays: shops.supportDays,
  /** The seller's logo (modules/sellers); null: the generated picture. */
  logoUpload: shops.logoUpload,
  followed:
    userId === null
      ? sql<boolean>`false`
      : // Written out in full: drizzle leaves single-table columns unqualified, which a subquery would misread.
        sql<boolean>`exists (select 1 from shop_follows f where f.user_id = ${userId} and f.shop_id = "shops"."id")`,
});

/** Support days weigh like this many sales in the shop rank (hot shops, support list): a handful of days moves a shop. */
const SUPPORT_DAY_WEIGHT = 200;
/** A shop's visibility: its sales plus its accumulated support days, weighted (README). */
export const shopRank = sql`${shops.sales} + ${shops.supportDays} * ${SUPPORT_DAY_WEIGHT}`;

export const createCatalogueRepository = (db: Db) => ({
  /** Keyword search and suggestions (search.repository.ts). */
  search: createSearchRepository(db),

  async categoryCounts() {
    return db
      .select({ category: products.category, productCount: count() })
      .from(products)
      .where(published)
      .groupBy(products.category);
  },

  /**
   * A page in the order's index, and the total counted beside it (in parallel) unless the caller knows
   * it: a window count over the matched rows would make every page of a 100,000-product list visit
   * every row (docs/decisions/0006-search-at-scale.md).
   */
  async listProducts(
    filter: ProductFilter,
    order: ProductOrder,
    offset: number,
    limit: number,
    /** The total when the caller knows it (a whole category or catalogue): nothing is counted. */
    knownTotal?: number,
  ) {
    const where = productWhere(filter) ?? sql`true`;
    // The page and its total in one prepared statement: one round trip, planned once per connection.
    const found = await preparedRowsOf<Partial<ProductCardRow> & { total: number | string; n?: unknown }>(
      db,
      sql`SELECT t.total, c.* FROM (SELECT ${
        knownTotal === undefined ? sql`(SELECT count(*) FROM ${products} WHERE ${where})` : sql`${knownTotal}::bigint`
      } AS total) AS t
        LEFT JOIN (
          SELECT q.*, row_number() OVER () AS n FROM (
            SELECT ${products.id} AS id, ${products.title} AS title, ${products.unitPrice} AS "unitPrice",
              ${products.sold} AS sold, ${products.shopId} AS "shopId", ${shops.name} AS "shopName",
              ${products.category} AS category, ${products.pictures} AS pictures
            FROM ${products} INNER JOIN ${shops} ON ${shops.id} = ${products.shopId}
            WHERE ${where} ORDER BY ${sql.join(productOrder(order), sql`, `)} OFFSET ${offset} LIMIT ${limit}
          ) AS q
        ) AS c ON true
        ORDER BY c.n`,
    );
    return {
      rows: found
        .filter((row) => row.id != null)
        .map(({ total: _total, n: _n, ...row }) => ({ ...(row as ProductCardRow), unitPrice: Number(row.unitPrice) })),
      total: Number(found[0]?.total ?? 0),
    };
  },

  async recommend(product: Pick<ProductRow, 'id' | 'category'>, limit: number) {
    return db
      .select(productCardColumns)
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(published, eq(products.category, product.category), ne(products.id, product.id)))
      .orderBy(desc(products.sold), desc(products.id))
      .limit(limit);
  },

  /** A published product (what a shopper may see, save and put in the bag); undefined otherwise. */
  async findProduct(id: number) {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), published));
    return row;
  },

  /** The product's variants, id order (docs/decisions/0012-variants-and-stock.md). */
  variants: (productId: number) => variantsOf(db, [productId]),

  async isSaved(userId: number, productId: number) {
    const [row] = await db
      .select({ productId: savedProducts.productId })
      .from(savedProducts)
      .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)));
    return row !== undefined;
  },

  async hotShops(userId: number | null, offset: number, limit: number) {
    const [rows, totals] = await Promise.all([
      db.select(shopCardColumns(userId)).from(shops).orderBy(desc(shopRank), asc(shops.id)).offset(offset).limit(limit),
      db.select({ total: count() }).from(shops),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async findShop(id: number, userId: number | null) {
    const [row] = await db
      .select({
        ...shopCardColumns(userId),
        description: shops.description,
        descriptions: shops.descriptions,
        bannerUpload: shops.bannerUpload,
        createdAt: shops.createdAt,
        productCount: sql<number>`(select count(*)::int from products p where p.shop_id = "shops"."id" and p.status = 'published')`,
      })
      .from(shops)
      .where(eq(shops.id, id));
    return row;
  },

  /** Idempotent: the (user, shop) key admits one row; fans moves only when a row was added. */
  async follow(userId: number, shopId: number) {
    return inTransaction(db, async (tx) => {
      const added = await tx
        .insert(shopFollows)
        .values({ userId, shopId })
        .onConflictDoNothing()
        .returning({ shopId: shopFollows.shopId });
      const [shop] = added.length
        ? await tx
            .update(shops)
            .set({ fans: sql`${shops.fans} + 1` })
            .where(eq(shops.id, shopId))
            .returning({ fans: shops.fans })
        : await tx.select({ fans: shops.fans }).from(shops).where(eq(shops.id, shopId));
      return { followed: true, fans: shop?.fans ?? 0 };
    });
  },

  async unfollow(userId: number, shopId: number) {
    return inTransaction(db, async (tx) => {
      const removed = await tx
        .delete(shopFollows)
        .where(and(eq(shopFollows.userId, userId), eq(shopFollows.shopId, shopId)))
        .returning({ shopId: shopFollows.shopId });
      const [shop] = removed.length
        ? await tx
            .update(shops)
            .set({ fans: sql`${shops.fans} - 1` })
            .where(eq(shops.id, shopId))
            .returning({ fans: shops.fans })
        : await tx.select({ fans: shops.fans }).from(shops).where(eq(shops.id, shopId));
      return { followed: false, fans: shop?.fans ?? 0 };
    });
  },

  async followedShops(userId: number, offset: number, limit: number) {
    const where = eq(shopFollows.userId, userId);
    const [rows, totals] = await Promise.all([
      db
        .select({ ...shopCardColumns(null), followed: sql<boolean>`true` })
        .from(shopFollows)
        .innerJoin(shops, eq(shops.id, shopFollows.shopId))
        .where(where)
        .orderBy(desc(shopFollows.createdAt), desc(shops.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(shopFollows).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async saveProduct(userId: number, productId: number) {
    await db.insert(savedProducts).values({ userId, productId }).onConflictDoNothing();
  },

  /** True when the shopper had saved the product (whatever its status now). */
  async unsaveProduct(userId: number, productId: number) {
    const removed = await db
      .delete(savedProducts)
      .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)))
      .returning({ productId: savedProducts.productId });
    return removed.length > 0;
  },

  async savedProducts(userId: number, offset: number, limit: number) {
    const where = eq(savedProducts.userId, userId);
    const [rows, totals] = await Promise.all([
      db
        .select(productCardColumns)
        .from(savedProducts)
        .innerJoin(products, eq(products.id, savedProducts.productId))
        .innerJoin(shops, eq(shops.id, products.shopId))
        .where(where)
        .orderBy(desc(savedProducts.createdAt), desc(products.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(savedProducts).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** Product nouns ranked by units sold. */
  async hotKeywords(limit: number) {
    const rows = await db
      .select({ keyword: products.keyword })
      .from(products)
      .where(published)
      .groupBy(products.keyword)
      .orderBy(desc(sql`sum(${products.sold})`), asc(products.keyword))
      .limit(limit);
    return rows.map((row) => row.keyword);
  },

  async shopName(id: number) {
    const [row] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, id));
    return row?.name;
  },
});

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
