import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ReactNode } from 'react';
import { NamedTabs } from '@marketplace/shared';
import { AUDIT_FILTERS, type AuditFilter, type AuditStatus } from '@marketplace/shared/contracts';

const isFilter = (value: string | null): value is AuditFilter =>
  (AUDIT_FILTERS as readonly string[]).includes(value ?? '');

/** The audit filter of requirements §6.3 (all; 2 refused; 0 auditing; 1 passed), kept in `?status=`. */
export const useAuditFilter = (): [AuditFilter, (filter: AuditFilter) => void] => {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  return [isFilter(status) ? status : 'all', (filter) => setParams({ status: filter }, { replace: true })];
};

interface AuditTabsProps {
  value: AuditFilter;
  onChange: (filter: AuditFilter) => void;
  /** The records of the chosen filter (the tab panel). */
  children: ReactNode;
}

export const AuditTabs = ({ value, onChange, children }: AuditTabsProps) => {
  const { t } = useTranslation('wallet');
  return (
    <NamedTabs
      label={t('audit.label')}
      // i18n-keys: audit.filter.all, audit.filter.2, audit.filter.0, audit.filter.1
      tabs={AUDIT_FILTERS.map((filter) => ({ key: filter, title: t(`audit.filter.${filter}`) }))}
      activeKey={value}
      onChange={onChange}
    >
      {children}
    </NamedTabs>
  );
};

export const StatusLabel = ({ status, paid = false }: { status: AuditStatus; paid?: boolean }) => {
  const { t } = useTranslation('wallet');
  // i18n-keys: audit.status.paid, audit.status.0, audit.status.1, audit.status.2
  return <span>{t(status === 1 && paid ? 'audit.status.paid' : `audit.status.${status}`)}</span>;
};
