import type {
  CataloguePageQuery,
  FollowResult,
  Page,
  ProductCard,
  SaveResult,
  ShopCard,
} from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import { offsetOf, pageOf } from '../../lib/paging';
import { toProductCard, toShopCard } from './catalogue-cards';
import type { CatalogueRepository, ProductRow } from './catalogue.repository';

/** A shopper's followed shops and saved products. */
export const createFavourites = ({
  catalogue,
  requireProduct,
}: {
  catalogue: CatalogueRepository;
  /** The product, or the refusal of an unknown one. */
  requireProduct: (productId: number) => Promise<ProductRow>;
}) => ({
  async follow(userId: number, shopId: number): Promise<FollowResult> {
    if ((await catalogue.shopName(shopId)) === undefined) throw fail('err.catalogue.shopNotFound');
    return catalogue.follow(userId, shopId);
  },

  async unfollow(userId: number, shopId: number): Promise<FollowResult> {
    if ((await catalogue.shopName(shopId)) === undefined) throw fail('err.catalogue.shopNotFound');
    return catalogue.unfollow(userId, shopId);
  },

  async followedShops(userId: number, query: CataloguePageQuery): Promise<Page<ShopCard>> {
    const { rows, total } = await catalogue.followedShops(userId, offsetOf(query), query.pageSize);
    return pageOf(rows.map(toShopCard), total, query);
  },

  async saveProduct(userId: number, productId: number): Promise<SaveResult> {
    await requireProduct(productId);
    await catalogue.saveProduct(userId, productId);
    return { saved: true };
  },

  /** A saved product the seller unlisted since can still be removed (docs/decisions/0012-variants-and-stock.md). */
  async unsaveProduct(userId: number, productId: number): Promise<SaveResult> {
    if (!(await catalogue.unsaveProduct(userId, productId))) await requireProduct(productId);
    return { saved: false };
  },

  async savedProducts(userId: number, query: CataloguePageQuery): Promise<Page<ProductCard>> {
    const { rows, total } = await catalogue.savedProducts(userId, offsetOf(query), query.pageSize);
    return pageOf(rows.map(toProductCard), total, query);
  },
});
