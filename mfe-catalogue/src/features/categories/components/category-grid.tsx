import { Link } from 'react-router-dom';
import { PRODUCT_CATEGORIES } from '@marketplace/shared/contracts/core';
import { productsOfCategory, useCategoryName } from '../categories';
import CategoryIcon from './category-icon';
import './category-grid.css';

/** The ten spec categories as shortcuts to their product lists. */
export default function CategoryGrid() {
  const categoryName = useCategoryName();
  return (
    <ul className="catalogue-category-grid">
      {PRODUCT_CATEGORIES.map((category) => (
        <li key={category}>
          <Link className="catalogue-category-grid__cell" to={productsOfCategory(category)}>
            <span className="catalogue-category-grid__icon" aria-hidden="true">
              <CategoryIcon category={category} />
            </span>
            <span className="catalogue-category-grid__label">{categoryName(category)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
