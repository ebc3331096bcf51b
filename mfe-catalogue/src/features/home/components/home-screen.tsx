import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import CategoryGrid from '../../categories/components/category-grid';
import HowShoppingWorks from './how-shopping-works';
import WhyShopWithUs from './why-shop-with-us';
import './home-screen.css';

/** `/index` and `/home`: search entry, category shortcuts and what the marketplace offers. */
export default function HomeScreen() {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  return (
    <main className="catalogue-home">
      <div className="catalogue-home__search" role="search">
        {/* The search page owns typing and suggestions; here the bar is only its entrance. */}
        <button type="button" className="catalogue-home__search-entry" onClick={() => navigate('/search')}>
          <span aria-hidden="true">🔍</span>
          {t('home.search')}
        </button>
      </div>
      <section aria-labelledby="catalogue-home-categories" className="catalogue-home__section">
        <h2 id="catalogue-home-categories" className="catalogue-home__heading">
          {t('home.categories')}
        </h2>
        <CategoryGrid />
      </section>
      <WhyShopWithUs />
      <HowShoppingWorks />
    </main>
  );
}
