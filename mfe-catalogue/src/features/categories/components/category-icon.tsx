import type { CSSProperties } from 'react';
import type { ProductCategory } from '@marketplace/shared/contracts';
import './category-icon.css';

/**
 * A category's icon from the app's one SVG icon set (antd-mobile-icons, drawn the same on every platform,
 * unlike emoji; see category-icon.css), hidden from assistive technology: the category's name says it.
 * The style sheet holds every category's drawing; the element names its own (React sets it through the
 * CSSOM, which the page's content security policy allows).
 */
export default function CategoryIcon({ category }: { category: ProductCategory }) {
  const style = { '--catalogue-category-icon': `var(--catalogue-category-icon-${category})` } as CSSProperties;
  return <span className="catalogue-category-icon" style={style} aria-hidden="true" />;
}
