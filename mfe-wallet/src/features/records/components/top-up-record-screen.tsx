import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Money, PageHeader, PagedList, formatDateTime } from '@marketplace/shared';
import type { RechargeRecord } from '@marketplace/shared/contracts';
import { useLazyListRechargeRecordsQuery } from '../../wallet/api';
import { AuditTabs, StatusLabel, useAuditFilter } from '../audit-tabs';
import '../../wallet/wallet.css';

const PAGE_SIZE = 20;

/** `/topUpRecord` (`recharge_log`): every top-up with method, amount, arrival, status and time. */
export default function TopUpRecordScreen() {
  const { t, i18n } = useTranslation('wallet');
  const [status, setStatus] = useAuditFilter();
  const [listRecords] = useLazyListRechargeRecordsQuery();
  const loadPage = useCallback(
    (page: number) => listRecords({ status, page, pageSize: PAGE_SIZE }).unwrap(),
    [listRecords, status],
  );
  return (
    <div>
      <PageHeader title={t('title.topUpRecord')} />
      <AuditTabs value={status} onChange={setStatus}>
        <PagedList<RechargeRecord>
          key={status}
          loadPage={loadPage}
          pageSize={PAGE_SIZE}
          label={t('title.topUpRecord')}
          itemKey={(record) => record.id}
          empty={<EmptyState title={t('records.empty')} />}
          renderItem={(record) => (
            // i18n-keys: topUp.methods.bank.title, topUp.methods.onChain.title, topUp.methods.card.title, topUp.methods.manual.title
            <article className="wallet-record" aria-label={t('records.rechargeNo', { no: record.rechargeNo })}>
              <h3>
                <span>{t(`topUp.methods.${record.method}.title`)}</span>
                <StatusLabel status={record.status} />
              </h3>
              <p>
                {t('records.amount')} <Money cents={record.amount} /> · {t('records.arrival')}{' '}
                <Money cents={record.actualArrival} />
              </p>
              <p>
                {record.network} · {record.address}
              </p>
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
