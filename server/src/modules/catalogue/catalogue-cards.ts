import type { ProductCard, ProductCategory, ShopCard } from '@marketplace/shared/contracts';
import { productImageUrl, shopLogoUrl } from '../images/images.service';
import { uploadUrl } from '../uploads/uploads.service';
import type { ProductCardRow } from './catalogue.repository';

/** The card a list shows of a product: the seller's first picture (the cover) when it has pictures. */
export const toProductCard = (row: ProductCardRow): ProductCard => ({
  id: row.id,
  title: row.title,
  image: row.pictures?.[0] ? uploadUrl(row.pictures[0]) : productImageUrl(row.id),
  unitPrice: row.unitPrice,
  sold: row.sold,
  shopId: row.shopId,
  shopName: row.shopName,
  category: row.category as ProductCategory,
});

type ShopCardRow = Omit<ShopCard, 'logo'> & { logoUpload?: string | null };
/** The seller's uploaded logo (modules/sellers) when there is one, else the generated picture. */
export const toShopCard = (row: ShopCardRow): ShopCard => ({
  id: row.id,
  name: row.name,
  logo: row.logoUpload ? uploadUrl(row.logoUpload) : shopLogoUrl(row.id),
  sales: row.sales,
  fans: row.fans,
  favorableRate: row.favorableRate,
  totalSales: row.totalSales,
  supportDays: row.supportDays,
  followed: Boolean(row.followed),
});
