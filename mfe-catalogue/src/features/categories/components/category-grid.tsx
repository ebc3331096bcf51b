import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PRODUCT_CATEGORIES } from '@marketplace/shared/contracts';
import { CATEGORY_ICONS, productsOfCategory } from '../category-icons';
import './category-grid.css';

/** The ten spec categories as shortcuts to their product lists. */
export default function CategoryGrid() {
  const { t } = useTranslation('catalogue');
  return (
    <ul className="catalogue-category-grid">
      {PRODUCT_CATEGORIES.map((category) => (
        // i18n-keys: category.computer, category.electrical, category.outdoors, category.familyLife, category.health, category.menClothing, category.womenClothing, category.food, category.mobilePhone, category.toys
        <li key={category}>
          <Link className="catalogue-category-grid__cell" to={productsOfCategory(category)}>
            <span className="catalogue-category-grid__icon" aria-hidden="true">
              {CATEGORY_ICONS[category]}
            </span>
            <span className="catalogue-category-grid__label">{t(`category.${category}`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
