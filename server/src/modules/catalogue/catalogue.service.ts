import {
  PRODUCT_CATEGORIES,
  type CataloguePageQuery,
  type CategoryCount,
  type Page,
  type ProductCard,
  type ProductCategory,
  type ProductDetail,
  type ShopCard,
  type ShopDetail,
  type ShopProductsQuery,
} from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import { offsetOf, pageOf } from '../../lib/paging';
import { productImageUrl } from '../images/images.service';
import { createAnswerCache, type AnswerCache } from './answer-cache';
import { uploadUrl } from '../uploads/uploads.service';
import { toProductCard, toShopCard } from './catalogue-cards';
import type { CatalogueRepository, ProductRow } from './catalogue.repository';
import { createFavourites } from './favourites.service';
import { createProductSearch } from './product-search.service';
import type { ViewCounter } from './view-counter';

const RECOMMEND_COUNT = 6;
const HOT_KEYWORDS_TTL_MS = 60_000;
/** How long a product page's shared part is kept in a process: below what a shopper could act on. */
const DETAIL_TTL_MS = 2_000;

const average = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : 0);

export const createCatalogueService = ({
  catalogue,
  views,
  shared = createAnswerCache(),
  detailCache,
  now = Date.now,
}: {
  catalogue: CatalogueRepository;
  views?: ViewCounter;
  /** Keeps the answers that are the same for every shopper for a few seconds. */
  shared?: AnswerCache;
  /** Keeps a product's detail, its shop and recommendations for a moment (default DETAIL_TTL_MS). */
  detailCache?: AnswerCache;
  /** The clock the hot keywords' minute is measured on. */
  now?: () => number;
}) => {
  const keywords = createAnswerCache({ ttlMs: HOT_KEYWORDS_TTL_MS, maxEntries: 1, now });
  const details = detailCache ?? createAnswerCache({ ttlMs: DETAIL_TTL_MS, maxEntries: 2_000, now });
  const requireShop = async (shopId: number, userId: number | null) => {
    const shop = await catalogue.findShop(shopId, userId);
    if (!shop) throw fail('err.catalogue.shopNotFound');
    return shop;
  };
  const requireProduct = async (productId: number): Promise<ProductRow> => {
    const product = await catalogue.findProduct(productId);
    if (!product) throw fail('err.catalogue.productNotFound');
    return product;
  };

  const categories = (): Promise<CategoryCount[]> =>
    shared.get('categories', async () => {
      const counts = new Map((await catalogue.categoryCounts()).map((row) => [row.category, row.productCount]));
      return PRODUCT_CATEGORIES.map((key) => ({ key, productCount: counts.get(key) ?? 0 }));
    });
  /**
   * How many products a whole category (or the catalogue) lists, from the categories' shared counts:
   * a list page then counts nothing (at 100,000 products every count visited thousands of rows).
   */
  const wholeTotal = async (category?: ProductCategory) => {
    const counts = await categories();
    return counts.reduce((sum, row) => (!category || row.key === category ? sum + row.productCount : sum), 0);
  };

  const hotProducts = (query: CataloguePageQuery): Promise<Page<ProductCard>> =>
    shared.get(`hot:${query.page}:${query.pageSize}`, async () => {
      const { rows, total } = await catalogue.listProducts(
        {},
        'sales',
        offsetOf(query),
        query.pageSize,
        await wholeTotal(),
      );
      return pageOf(rows.map(toProductCard), total, query);
    });

  return {
    ...createProductSearch({ catalogue, shared, keywords, wholeTotal }),
    ...createFavourites({ catalogue, requireProduct }),

    categories,

    hotProducts,

    popularProducts(query: CataloguePageQuery): Promise<Page<ProductCard>> {
      return shared.get(`popular:${query.page}:${query.pageSize}`, async () => {
        const { rows, total } = await catalogue.listProducts(
          {},
          'seen',
          offsetOf(query),
          query.pageSize,
          await wholeTotal(),
        );
        return pageOf(rows.map(toProductCard), total, query);
      });
    },

    async hotShops(userId: number | null, query: CataloguePageQuery): Promise<Page<ShopCard>> {
      const { rows, total } = await catalogue.hotShops(userId, offsetOf(query), query.pageSize);
      return pageOf(rows.map(toShopCard), total, query);
    },

    /**
     * What index.html's first paint draws of `/detail/<id>` before the app runs (the gallery's first
     * picture and the title, as the detail screen shows them); no view is counted: the app's own
     * request for the product counts it. Null when there is no such product.
     */
    async productPreview(productId: number): Promise<{ title: string; image: string } | null> {
      const product = await catalogue.findProduct(productId);
      if (!product) return null;
      // The gallery's first picture and the card's picture are the same URL.
      return {
        title: product.title,
        image: product.pictures[0] ? uploadUrl(product.pictures[0]) : productImageUrl(product.id),
      };
    },

    /**
     * Home's first `count` hot products as its first paint draws them: the first page the Home screen
     * asks for (`pageSize`), from the same cache.
     */
    async homePreview(count: number, pageSize: number): Promise<{ title: string; image: string }[]> {
      const page = await hotProducts({ page: 1, pageSize });
      return page.list.slice(0, count).map(({ title, image }) => ({ title, image }));
    },

    /**
     * The product, its shop and its recommendations are read once per DETAIL_TTL_MS for every shopper
     * (a product page is what shoppers open most: 3 database reads each time otherwise); what is the
     * caller's own (saved, the shop followed) is read for a signed-in caller on every request, and the
     * views counted since the read are added, so a visit still shows at once. Stock and sales shown may be
     * DETAIL_TTL_MS old; ordering and paying check stock and price in the database, never here.
     */
    async productDetail(productId: number, userId: number | null, lang = 'en'): Promise<ProductDetail> {
      // A refusal (unknown product) is a failed read: never kept.
      const kept = await details.get(`detail:${productId}`, async () => {
        const product = await requireProduct(productId);
        const [shop, recommend, variants] = await Promise.all([
          requireShop(product.shopId, null),
          catalogue.recommend(product, RECOMMEND_COUNT),
          catalogue.variants(product.id),
        ]);
        return {
          product,
          variants: variants.map(({ spec, unitPrice, stock }) => ({ spec, unitPrice, stock })),
          shop,
          recommend: recommend.map(toProductCard),
          seen: product.seen + (views?.pendingFor(product.id) ?? 0),
          countedAt: views?.countedFor(product.id) ?? 0,
        };
      });
      const { product } = kept;
      views?.add(product.id);
      const [shop, saved] =
        userId === null
          ? [kept.shop, false]
          : await Promise.all([requireShop(product.shopId, userId), catalogue.isSaved(userId, product.id)]);
      // The seller's pictures in order when the listing has any, else the generated ones.
      const images =
        product.pictures.length > 0
          ? product.pictures.map(uploadUrl)
          : Array.from({ length: product.imageCount }, (_, n) => productImageUrl(product.id, n + 1));
      return {
        ...toProductCard({ ...product, shopName: shop.name }),
        // The seller's text in the shopper's language, else English (docs/decisions/0012-variants-and-stock.md).
        title: product.titles[lang] ?? product.title,
        images,
        stock: product.stock,
        variants: kept.variants,
        seen: kept.seen + (views ? views.countedFor(product.id) - kept.countedAt : 0),
        description: product.descriptions[lang] ?? product.description,
        specs: product.specs,
        recommend: kept.recommend,
        shop: toShopCard(shop),
        saved,
        rating: {
          count: product.ratingCount,
          productScore: average(product.productScoreSum, product.ratingCount),
          serviceScore: average(product.serviceScoreSum, product.ratingCount),
          postageScore: average(product.postageScoreSum, product.ratingCount),
        },
      };
    },

    /**
     * The shop page: the seller's description in the shopper's language, else English (`description`), and
     * the seller's banner (null: none) beside the contract's fields (modules/sellers).
     */
    async shopDetail(
      shopId: number,
      userId: number | null,
      lang: string,
    ): Promise<ShopDetail & { banner: string | null }> {
      const shop = await requireShop(shopId, userId);
      return {
        ...toShopCard(shop),
        description: shop.descriptions[lang] ?? shop.descriptions.en ?? shop.description,
        banner: shop.bannerUpload ? uploadUrl(shop.bannerUpload) : null,
        productCount: shop.productCount,
        createdAt: shop.createdAt.toISOString(),
      };
    },

    shopProducts(query: ShopProductsQuery): Promise<Page<ProductCard>> {
      // A refusal (unknown shop) is a failed read: never kept.
      return shared.get(`shop:${query.id}:${query.sort}:${query.page}:${query.pageSize}`, async () => {
        if ((await catalogue.shopName(query.id)) === undefined) throw fail('err.catalogue.shopNotFound');
        const { rows, total } = await catalogue.listProducts(
          { shopId: query.id },
          query.sort,
          offsetOf(query),
          query.pageSize,
        );
        return pageOf(rows.map(toProductCard), total, query);
      });
    },
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;
