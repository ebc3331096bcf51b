import type { Page, ProductCard, ShopCard, ShopDetail } from '@marketplace/shared/contracts';
import { ok } from '@marketplace/shared/testing';

/** A shop as the hot-shop list and the product detail show it. */
export const shopCard: ShopCard = {
  id: 7,
  name: 'Sunrise Outdoor',
  logo: '/api/images/shop/7.svg',
  sales: 120,
  fans: 33,
  favorableRate: 98,
  totalSales: 1_234_500,
  supportDays: 4,
  followed: false,
};

/** The same shop as `GET /api/catalogue/shop` answers it. */
export const shopDetail = (fields: Partial<ShopDetail> = {}): ShopDetail => ({
  ...shopCard,
  description: 'Tents and stoves.',
  productCount: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** A product as the lists show it. */
export const productCard: ProductCard = {
  id: 42,
  title: 'Trail tent',
  image: '/api/images/product/42.svg',
  unitPrice: 12_999,
  sold: 17,
  shopId: 7,
  shopName: 'Sunrise Outdoor',
  category: 'outdoors',
};

/** A list endpoint's answer with nothing in it. */
export const emptyPage = ok<Page<never>>({ list: [], total: 0, page: 1, pageSize: 20 });
