import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from 'antd-mobile';
import { useDirection } from '@marketplace/shared';
import { AUDIT_FILTERS, type AuditFilter, type AuditStatus } from '@marketplace/shared/contracts';

const isFilter = (value: string | null): value is AuditFilter =>
  (AUDIT_FILTERS as readonly string[]).includes(value ?? '');

/** The audit filter of spec section 4 (all; 2 refused; 0 auditing; 1 passed), kept in `?status=`. */
export const useAuditFilter = (): [AuditFilter, (filter: AuditFilter) => void] => {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  return [isFilter(status) ? status : 'all', (filter) => setParams({ status: filter }, { replace: true })];
};

export const AuditTabs = ({ value, onChange }: { value: AuditFilter; onChange: (filter: AuditFilter) => void }) => {
  const { t } = useTranslation('wallet');
  const direction = useDirection();
  return (
    <Tabs direction={direction} activeKey={value} onChange={(key) => onChange(key as AuditFilter)}>
      {AUDIT_FILTERS.map((filter) => (
        // i18n-keys: audit.filter.all, audit.filter.2, audit.filter.0, audit.filter.1
        <Tabs.Tab key={filter} title={t(`audit.filter.${filter}`)} />
      ))}
    </Tabs>
  );
};

export const StatusLabel = ({ status, paid = false }: { status: AuditStatus; paid?: boolean }) => {
  const { t } = useTranslation('wallet');
  // i18n-keys: audit.status.paid, audit.status.0, audit.status.1, audit.status.2
  return <span>{t(status === 1 && paid ? 'audit.status.paid' : `audit.status.${status}`)}</span>;
};
