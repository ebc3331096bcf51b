import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorPanelProps {
  /** Defaults to "This section failed to load". */
  title?: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
}

/** What an area shows when it cannot load or render; the rest of the app keeps working. */
export const ErrorPanel = ({ title, description, onRetry }: ErrorPanelProps) => {
  const { t } = useTranslation('common');
  return (
    <div role="alert">
      <ErrorBlock status="default" title={title ?? t('remoteError.title')} description={description ?? ''}>
        {onRetry && (
          <Button color="primary" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </ErrorBlock>
    </div>
  );
};
