import type { ProductCategory } from '@marketplace/shared/contracts';
import { useCallback, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppstoreOutline,
  CheckShieldOutline,
  CompassOutline,
  GiftOutline,
  KoubeiOutline,
  PhoneFill,
  SoundOutline,
  TeamOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';

/**
 * The one place the catalogue turns a category key into its name, icon and list link; every screen
 * that lists or titles categories (home grid, explore, filter, product list) reads them from here.
 */

/**
 * One SVG icon per category from the app's one icon set (antd-mobile-icons, as the tab bar): drawn the
 * same on every platform, unlike emoji. They are decorative: render them with `aria-hidden`.
 */
export const CATEGORY_ICONS: Record<ProductCategory, ComponentType<SVGProps<SVGSVGElement>>> = {
  computer: AppstoreOutline,
  electrical: SoundOutline,
  outdoors: CompassOutline,
  familyLife: TeamOutline,
  health: CheckShieldOutline,
  menClothing: UserOutline,
  womenClothing: UserContactOutline,
  food: KoubeiOutline,
  mobilePhone: PhoneFill,
  toys: GiftOutline,
};

/** A category's icon, hidden from assistive technology (the category's name says it). */
export const CategoryIcon = ({ category }: { category: ProductCategory }) => {
  const Icon = CATEGORY_ICONS[category];
  return <Icon aria-hidden="true" focusable="false" />;
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
