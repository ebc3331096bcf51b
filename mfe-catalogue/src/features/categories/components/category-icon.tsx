import type { ProductCategory } from '@marketplace/shared/contracts';
import './category-icon.css';

/**
 * A category's icon from the app's one SVG icon set (antd-mobile-icons, drawn the same on every platform,
 * unlike emoji; see category-icon.css), hidden from assistive technology: the category's name says it.
 */
export default function CategoryIcon({ category }: { category: ProductCategory }) {
  return <span className={`catalogue-category-icon catalogue-category-icon--${category}`} aria-hidden="true" />;
}
