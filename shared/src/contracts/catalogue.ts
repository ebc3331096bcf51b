import { z } from 'zod';
import { bodyIdField, queryIdField } from './ids';
import type { Page } from './envelope';
import {
  CATALOGUE_MAX_PAGE_SIZE,
  KEYWORD_MAX_LENGTH,
  PRICE_FILTER_MAX,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  SEARCH_SORTS,
  type ProductCategory,
} from './catalogue-constants';

export * from './catalogue-constants';

const pageField = z.coerce
  .number('err.catalogue.badPage')
  .int('err.catalogue.badPage')
  .min(1, 'err.catalogue.badPage')
  .max(100_000, 'err.catalogue.badPage');
const pageSizeField = z.coerce
  .number('err.catalogue.badPageSize')
  .int('err.catalogue.badPageSize')
  .min(1, 'err.catalogue.badPageSize')
  .max(CATALOGUE_MAX_PAGE_SIZE, 'err.catalogue.badPageSize');
const idField = queryIdField;
const priceField = z.coerce
  .number('err.catalogue.badPrice')
  .int('err.catalogue.badPrice')
  .min(0, 'err.catalogue.badPrice')
  .max(PRICE_FILTER_MAX, 'err.catalogue.badPrice');
const keywordField = z.string().trim().max(KEYWORD_MAX_LENGTH, 'err.catalogue.keywordTooLong');

/** `page` (from 1) and `pageSize` (1..100) of every catalogue list. */
export const cataloguePageQuery = z.object({
  page: pageField.default(1),
  pageSize: pageSizeField.default(20),
});
export type CataloguePageQuery = z.infer<typeof cataloguePageQuery>;

/** `GET /api/catalogue/products`: keyword, category, price range in cents, sort and paging. */
export const productSearchQuery = cataloguePageQuery
  .extend({
    keyword: keywordField.optional(),
    category: z.enum(PRODUCT_CATEGORIES, 'err.catalogue.badCategory').optional(),
    minPrice: priceField.optional(),
    maxPrice: priceField.optional(),
    /** Default: `relevance` with a keyword, `sales` without. */
    sort: z.enum(SEARCH_SORTS, 'err.catalogue.badSort').optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'err.catalogue.badPriceRange',
    path: ['maxPrice'],
  });
export type ProductSearchQuery = z.infer<typeof productSearchQuery>;

export const productIdQuery = z.object({ id: idField('err.catalogue.productNotFound') });
export const shopIdQuery = z.object({ id: idField('err.catalogue.shopNotFound') });
/** `GET /api/catalogue/shop_products`. */
export const shopProductsQuery = cataloguePageQuery.extend({
  id: idField('err.catalogue.shopNotFound'),
  sort: z.enum(PRODUCT_SORTS, 'err.catalogue.badSort').default('sales'),
});
export type ShopProductsQuery = z.infer<typeof shopProductsQuery>;
export const suggestionsQuery = z.object({ keyword: keywordField.default('') });

export const followBody = z.object({ shopId: bodyIdField('err.catalogue.shopNotFound') });
export type FollowBody = z.infer<typeof followBody>;
export const saveProductBody = z.object({
  productId: bodyIdField('err.catalogue.productNotFound'),
});
export type SaveProductBody = z.infer<typeof saveProductBody>;

/** `GET /api/catalogue/categories` row. */
export interface CategoryCount {
  key: ProductCategory;
  productCount: number;
}

/** A shop as cards and rankings show it. Money is integer cents. */
export interface ShopCard {
  id: number;
  name: string;
  logo: string;
  sales: number;
  fans: number;
  /** 0..100, integer percent. */
  favorableRate: number;
  totalSales: number;
  supportDays: number;
  /** False when the caller is anonymous. */
  followed: boolean;
}

export interface ShopDetail extends ShopCard {
  description: string;
  productCount: number;
  createdAt: string;
}

/** A product as lists show it. `unitPrice` in integer cents. */
export interface ProductCard {
  id: number;
  title: string;
  image: string;
  unitPrice: number;
  sold: number;
  shopId: number;
  shopName: string;
  category: ProductCategory;
}

export interface ProductSpec {
  name: string;
  options: string[];
}

/** Averages with one decimal; all 0 when `count` is 0. */
export interface ProductRating {
  count: number;
  productScore: number;
  serviceScore: number;
  postageScore: number;
}

/**
 * One combination of the product's options with its own price (cents) and stock. The empty spec {} is
 * "any option": every combination without a variant of its own shares that price and stock.
 */
export interface ProductVariant {
  spec: Record<string, string>;
  unitPrice: number;
  stock: number;
}

export interface ProductDetail extends ProductCard {
  images: string[];
  stock: number;
  /** Absent from a server without variants (docs/decisions/0012-variants-and-stock.md): then `stock` is all there is. */
  variants?: ProductVariant[];
  seen: number;
  description: string;
  specs: ProductSpec[];
  recommend: ProductCard[];
  shop: ShopCard;
  saved: boolean;
  rating: ProductRating;
}

/**
 * `GET /api/catalogue/products` data: a page of products plus, for a keyword search, what helps when
 * the words as typed found nothing.
 */
export interface ProductSearchPage extends Page<ProductCard> {
  /**
   * The keyword with its misspelt words corrected, when the keyword as typed matched nothing and the
   * corrected one did: the list holds the corrected keyword's products.
   */
  didYouMean?: string;
  /**
   * When nothing matched even after correction: the best sellers of the category the keyword is
   * closest to (null when it is close to none, then of the whole catalogue).
   */
  closest?: { category: ProductCategory | null; list: ProductCard[] };
  /**
   * The shop the keyword names (its name, one or two letters off, or most of its start): the result page
   * shows its card above the products. Absent when the keyword names no shop.
   */
  shop?: ShopCard;
}

/** `follow` / `unfollow` data. */
export interface FollowResult {
  followed: boolean;
  fans: number;
}

/** `save_product` / `unsave_product` data. */
export interface SaveResult {
  saved: boolean;
}
