import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Full screen, never a blank page: the manifest (and so every screen) could not be fetched. */
export const StartupError = ({ onRetry }: { onRetry(): void }) => {
  const { t } = useTranslation('common');
  return (
    <div role="alert">
      <ErrorBlock
        status="disconnected"
        fullPage
        title={t('manifestError.title')}
        description={t('manifestError.description')}
      >
        <Button color="primary" onClick={onRetry}>
          {t('manifestError.retry')}
        </Button>
      </ErrorBlock>
    </div>
  );
};
