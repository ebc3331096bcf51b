import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { List } from 'antd-mobile';
import { PageHeader } from '@marketplace/shared';
import { PRODUCT_CATEGORIES } from '@marketplace/shared/contracts';
import { CATEGORY_ICONS, productsOfCategory } from '../../categories/category-icons';
import './explore-screen.css';

/** `/explore`: every category as a list leading to its products. */
export default function ExploreScreen() {
  const { t } = useTranslation('catalogue');
  return (
    <main>
      <PageHeader title={t('title.explore')} hideBack />
      <List header={t('explore.intro')}>
        {PRODUCT_CATEGORIES.map((category) => (
          <List.Item key={category} prefix={<span aria-hidden="true">{CATEGORY_ICONS[category]}</span>} arrow>
            {/* A real link (antd's clickable item is an anchor without href, invisible to assistive tech). */}
            <Link className="catalogue-explore__link" to={productsOfCategory(category)}>
              {t(`category.${category}`)}
            </Link>
          </List.Item>
        ))}
      </List>
    </main>
  );
}
