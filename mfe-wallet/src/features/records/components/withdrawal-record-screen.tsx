import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Money, PageHeader, PagedList, formatDateTime } from '@marketplace/shared';
import type { WithdrawalRecord } from '@marketplace/shared/contracts';
import { useLazyListWithdrawalRecordsQuery } from '../../wallet/api';
import { AuditTabs, StatusLabel, useAuditFilter } from '../audit-tabs';
import '../../wallet/wallet.css';

const PAGE_SIZE = 20;

/** `/depositRecord` (`extract_log`): every withdrawal with amount, charge, actual arrival, status and time. */
export default function WithdrawalRecordScreen() {
  const { t, i18n } = useTranslation('wallet');
  const [status, setStatus] = useAuditFilter();
  const [listRecords] = useLazyListWithdrawalRecordsQuery();
  const loadPage = useCallback(
    (page: number) => listRecords({ status, page, pageSize: PAGE_SIZE }).unwrap(),
    [listRecords, status],
  );
  return (
    <div>
      <PageHeader title={t('title.depositRecord')} />
      <AuditTabs value={status} onChange={setStatus}>
        <PagedList<WithdrawalRecord>
          key={status}
          loadPage={loadPage}
          pageSize={PAGE_SIZE}
          label={t('title.depositRecord')}
          itemKey={(record) => record.id}
          empty={<EmptyState title={t('records.empty')} />}
          renderItem={(record) => (
            // i18n-keys: withdraw.types.bank, withdraw.types.onChain
            <article className="wallet-record" aria-label={t('records.withdrawalNo', { no: record.withdrawalNo })}>
              <h3>
                <span>{t(`withdraw.types.${record.drawType}`)}</span>
                <StatusLabel status={record.status} paid />
              </h3>
              <p>
                {t('records.amount')} <Money cents={record.drawAmount} /> · {t('withdraw.charge')}{' '}
                <Money cents={record.serviceCharge} /> · {t('withdraw.arrival')} <Money cents={record.actualArrival} />
              </p>
              <p>
                {record.bankName} · {record.account}
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
