import { ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  /** Defaults to "Nothing here yet". */
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

export const EmptyState = ({ title, description, children }: EmptyStateProps) => {
  const { t } = useTranslation('common');
  return (
    <ErrorBlock status="empty" title={title ?? t('empty')} description={description ?? ''}>
      {children}
    </ErrorBlock>
  );
};
