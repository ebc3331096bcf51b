import { useTranslation } from 'react-i18next';
import { productsApi } from '../api';
import { ProductGridScreen } from './product-grid-screen';

/** `/heart`: the products the shopper saved with the heart on their detail page. */
export default function HeartScreen() {
  const { t } = useTranslation('catalogue');
  return (
    <ProductGridScreen
      title={t('title.heart')}
      empty={t('heart.empty')}
      list={productsApi.endpoints.listSavedProducts}
    />
  );
}
