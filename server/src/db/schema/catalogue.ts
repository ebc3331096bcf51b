import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { ProductSpec } from '@marketplace/shared/contracts';
import { cents, createdAt, requiredRef, serialId } from './columns';
import { users } from './users';

/** A listing's state: only `published` products are shown, found and sold. */
export const PRODUCT_STATUSES = ['draft', 'published', 'unlisted'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const shops = pgTable(
  'shops',
  {
    id: serialId(),
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    /** Units sold; the orders module adds to it when an order is paid. */
    sales: integer('sales').notNull().default(0),
    /** Kept equal to the number of shop_follows rows by follow / unfollow (same transaction). */
    fans: integer('fans').notNull().default(0),
    /** 0..100 integer percent. */
    favorableRate: smallint('favorable_rate').notNull().default(100),
    /** Integer cents. */
    totalSales: cents('total_sales').default(0),
    /** Days shoppers supported the shop, accumulated; raises its hot-shop rank. */
    supportDays: integer('support_days').notNull().default(0),
    /** The seller's shop profile (modules/sellers): description per language code; `description` is the fallback. */
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull().default({}),
    /** Upload ids of the seller's logo and banner (public pictures); null: the generated picture. */
    logoUpload: text('logo_upload'),
    bannerUpload: text('banner_upload'),
    createdAt: createdAt(),
  },
  (t) => [
    check('shops_fans_non_negative', sql`${t.fans} >= 0`),
    check('shops_favorable_rate_percent', sql`${t.favorableRate} BETWEEN 0 AND 100`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serialId(),
    shopId: requiredRef('shop_id', () => shops.id),
    title: text('title').notNull(),
    /** The product noun ("Laptop"): picture label, hot keywords. */
    keyword: text('keyword').notNull(),
    category: text('category').notNull(),
    /** Integer cents. */
    unitPrice: cents('unit_price'),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    seen: integer('seen').notNull().default(0),
    description: text('description').notNull(),
    specs: jsonb('specs').$type<ProductSpec[]>().notNull(),
    /** How many gallery pictures `/api/images/product/<id>-<n>.svg` serves. */
    imageCount: smallint('image_count').notNull().default(3),
    ratingCount: integer('rating_count').notNull().default(0),
    productScoreSum: integer('product_score_sum').notNull().default(0),
    serviceScoreSum: integer('service_score_sum').notNull().default(0),
    postageScoreSum: integer('postage_score_sum').notNull().default(0),
    createdAt: createdAt(),
    /**
     * What search matches, kept by the trigger `products_search_fill` (migrations 0013, 0018): the words of
     * the title, shop name, spec values and description, lower-cased and without accents, stripped of
     * positions and weights (rank_doc tells title and shop words apart).
     */
    /**
     * Listings (docs/decisions/0012-variants-and-stock.md): only `published` products reach shoppers; a
     * draft or unlisted one has empty search documents (trigger `products_search_fill`, migration 0025).
     */
    status: text('status').$type<ProductStatus>().notNull().default('published'),
    /** The seller's title and description per language code; `title` and `description` are the English ones. */
    titles: jsonb('titles').$type<Record<string, string>>().notNull().default({}),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull().default({}),
    /**
     * The seller's pictures, in order (docs/decisions/0012-variants-and-stock.md): up to 9 public upload ids,
     * the first the cover. Empty: the generated pictures (`imageCount` of them) are shown.
     */
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    searchDoc: tsvector('search_doc')
      .notNull()
      .default(sql`''::tsvector`),
    /** The title lower-cased and without accents (same trigger): substring and exact-title matches. */
    searchTitle: text('search_title').notNull().default(''),
    /**
     * Title (weight A) and shop name (B) only, kept by the same trigger (migration 0018): how well a
     * product matches is told from this small document, not from the whole one.
     */
    rankDoc: tsvector('rank_doc')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_unit_price_non_negative', sql`${t.unitPrice} >= 0`),
    check('products_status_known', sql`${t.status} IN ('draft', 'published', 'unlisted')`),
    index('products_category_sold_idx').on(t.category, t.sold),
    // A category's page by price, and its count under a price bound, from the index alone (docs/decisions/0006-search-at-scale.md).
    index('products_category_price_idx').on(t.category, t.unitPrice),
    // A category's newest first (its list page sorted by date; migration 0020).
    index('products_category_created_at_idx').on(t.category, t.createdAt),
    index('products_sold_idx').on(t.sold),
    index('products_seen_idx').on(t.seen),
    index('products_unit_price_idx').on(t.unitPrice),
    index('products_created_at_idx').on(t.createdAt),
    index('products_shop_sold_idx').on(t.shopId, t.sold),
    index('products_search_doc_idx').using('gin', t.searchDoc),
    index('products_search_title_trgm_idx').using('gin', sql`${t.searchTitle} gin_trgm_ops`),
    // A title that is the whole keyword (relevance's first tier; migration 0019).
    index('products_search_title_idx').using('btree', t.searchTitle),
    index('products_rank_doc_idx').using('gin', t.rankDoc),
    // A title's best sales for search_titles, when a product leaves or sells less.
    index('products_title_idx').on(t.title),
    // The upload clean-up's "does a listing show it" (uploads.repository.ts).
    index('products_pictures_idx').using('gin', t.pictures),
  ],
);

/**
 * What a shopper buys exactly (docs/decisions/0012-variants-and-stock.md): one combination of the product's
 * options with its own price and stock. `spec_key` is the spec's sorted-keys JSON, as a bag line's; the
 * empty key '' is "any option": the product's options share that stock. `products.stock` is kept equal to
 * the sum of its variants' stock in the transaction that changes them.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serialId(),
    productId: requiredRef('product_id', () => products.id),
    spec: jsonb('spec').$type<Record<string, string>>().notNull(),
    specKey: text('spec_key').notNull(),
    /** Integer cents. */
    unitPrice: cents('unit_price'),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    unique('product_variants_product_spec_unique').on(t.productId, t.specKey),
    check('product_variants_stock_non_negative', sql`${t.stock} >= 0`),
    check('product_variants_unit_price_non_negative', sql`${t.unitPrice} >= 0`),
  ],
);

/**
 * Every distinct product title with the best sales of its products, kept by a trigger on products
 * (migration 0018): suggestions while typing rank titles here, a few thousand rows, not the catalogue.
 */
export const searchTitles = pgTable(
  'search_titles',
  {
    title: text('title').primaryKey(),
    /** The title lower-cased and without accents (as products.search_title). */
    searchTitle: text('search_title').notNull(),
    /** The title's words (as products.rank_doc's weight A). */
    titleDoc: tsvector('title_doc').notNull(),
    sold: integer('sold').notNull(),
  },
  (t) => [
    index('search_titles_doc_idx').using('gin', t.titleDoc),
    index('search_titles_trgm_idx').using('gin', sql`${t.searchTitle} gin_trgm_ops`),
  ],
);

/**
 * The ten categories' names in every language the app speaks (filled by migration 0013 from the
 * catalogue's language files), so "Handys" or "Móviles" finds the mobile-phone category.
 */
export const categoryNames = pgTable(
  'category_names',
  {
    category: text('category').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    searchDoc: tsvector('search_doc').generatedAlwaysAs(sql`to_tsvector('simple', search_norm(name))`),
  },
  (t) => [primaryKey({ columns: [t.category, t.lang] })],
);

/**
 * Every word search knows (product documents and category names), with how many products carry it and
 * the category most of them are in: typo corrections, "Did you mean" and the closest category come from
 * here, and a search's plan from its counts (a word many products carry is found by walking the sort's
 * index). Rebuilt by `refresh_search_words()` after a catalogue is seeded.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
    category: text('category').notNull(),
    /** How many products carry the word in their title or shop name (rank_doc; migration 0019). */
    ranked: integer('ranked').notNull().default(0),
    /** How many products carry the word in their title (rank_doc's weight A; migration 0019). */
    titled: integer('titled').notNull().default(0),
  },
  (t) => [
    index('search_words_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
    index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  ],
);

export const shopFollows = pgTable(
  'shop_follows',
  {
    userId: requiredRef('user_id', () => users.id),
    shopId: requiredRef('shop_id', () => shops.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] }), index('shop_follows_shop_idx').on(t.shopId)],
);

export const savedProducts = pgTable(
  'saved_products',
  {
    userId: requiredRef('user_id', () => users.id),
    productId: requiredRef('product_id', () => products.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
