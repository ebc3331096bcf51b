import type { ProductCategory } from '@marketplace/shared/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one place the catalogue turns a category key into its name, icon and list link; every screen
 * that lists or titles categories (home grid, explore, filter, product list) reads them from here.
 */

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

/** A category's name in the shopper's language. */
export const useCategoryName = (): ((category: ProductCategory) => string) => {
  const { t } = useTranslation('catalogue');
  return useCallback(
    // i18n-keys: category.computer, category.electrical, category.outdoors, category.familyLife, category.health, category.menClothing, category.womenClothing, category.food, category.mobilePhone, category.toys
    (category) => t(`category.${category}`),
    [t],
  );
};
