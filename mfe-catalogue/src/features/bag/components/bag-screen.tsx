import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { EmptyState, PageHeader } from '@marketplace/shared';

/** `/bag`: the shopping bag, shown in its empty state until the cart API lands. */
export default function BagScreen() {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  return (
    <main>
      <PageHeader title={t('title.bag')} hideBack />
      <EmptyState title={t('bag.empty')} description={t('bag.emptyHint')}>
        <Button color="primary" onClick={() => navigate('/home')}>
          {t('bag.goShopping')}
        </Button>
      </EmptyState>
    </main>
  );
}
