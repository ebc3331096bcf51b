import { useTranslation } from 'react-i18next';
import { productsApi } from '../api';
import { ProductGridScreen } from './product-grid-screen';

/** `/popular`: the most viewed products. */
export default function PopularScreen() {
  const { t } = useTranslation('catalogue');
  return <ProductGridScreen title={t('title.popular')} list={productsApi.endpoints.listPopularProducts} />;
}
