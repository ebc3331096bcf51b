import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader, PagedList, formatDateTime } from '@marketplace/shared';
import type { AuditFilter, Page } from '@marketplace/shared/contracts';
import { AuditTabs, useAuditFilter } from '../audit-tabs';
import '../../wallet/wallet.css';

const PAGE_SIZE = 20;

interface AuditRecord {
  id: number;
  reason: string;
  createdAt: string;
}

interface AuditRecordScreenProps<T extends AuditRecord> {
  /** The screen's heading, also the list's name. */
  title: string;
  /** One page of the records under the chosen audit filter. */
  list: (args: { status: AuditFilter; page: number; pageSize: number }) => Promise<Page<T>>;
  /** Each record's accessible name. */
  itemLabel: (record: T) => string;
  /** What a record shows above its refusal reason and time. */
  children: (record: T) => ReactNode;
  /** A note above the tabs (what happens after a request just made), if any. */
  notice?: ReactNode;
}

/** A wallet record screen (`/topUpRecord`, `/depositRecord`): audit tabs over a paged list of records. */
export function AuditRecordScreen<T extends AuditRecord>({
  title,
  list,
  itemLabel,
  children,
  notice,
}: AuditRecordScreenProps<T>) {
  const { t, i18n } = useTranslation('wallet');
  const [status, setStatus] = useAuditFilter();
  const loadPage = useCallback((page: number) => list({ status, page, pageSize: PAGE_SIZE }), [list, status]);
  return (
    <div>
      <PageHeader title={title} />
      {notice}
      <AuditTabs value={status} onChange={setStatus}>
        <PagedList<T>
          key={status}
          loadPage={loadPage}
          pageSize={PAGE_SIZE}
          label={title}
          itemKey={(record) => record.id}
          empty={<EmptyState title={t('records.empty')} />}
          renderItem={(record) => (
            <article className="wallet-record" aria-label={itemLabel(record)}>
              {children(record)}
              {record.reason && <p>{t('records.reason', { reason: record.reason })}</p>}
              <p>
                <time dateTime={record.createdAt}>{formatDateTime(record.createdAt, i18n.language)}</time>
              </p>
            </article>
          )}
        />
      </AuditTabs>
    </div>
  );
}
