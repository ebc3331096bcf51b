import type { ProductCategory } from '@marketplace/shared/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one place the catalogue turns a category key into its name and list link (its icon is
 * components/category-icon.tsx); every screen that lists or titles categories (home grid, explore,
 * filter, product list) reads them from here.
 */

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
