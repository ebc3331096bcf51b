import type { ProductCategory } from '@marketplace/shared/contracts';

/** Emoji work in every language and need no icon font; they are decorative (aria-hidden). */
export const CATEGORY_ICONS: Record<ProductCategory, string> = {
  computer: '💻',
  electrical: '🔌',
  outdoors: '🏕️',
  familyLife: '🏠',
  health: '💊',
  menClothing: '👔',
  womenClothing: '👗',
  food: '🍎',
  mobilePhone: '📱',
  toys: '🧸',
};

export const productsOfCategory = (category: ProductCategory) => `/products?category=${category}`;
