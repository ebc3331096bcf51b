import { links } from '@marketplace/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export const NotFoundPage = () => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <ErrorBlock status="empty" fullPage title={t('notFound.title')} description={t('notFound.description')}>
      <Button color="primary" onClick={() => navigate(links.home())}>
        {t('notFound.goHome')}
      </Button>
    </ErrorBlock>
  );
};
