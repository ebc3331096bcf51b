import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Money, usePageLoader } from '@marketplace/shared';
import type { WithdrawalRecord } from '@marketplace/shared/contracts';
import { walletApi } from '../../wallet';
import { StatusLabel } from '../audit-tabs';
import { AuditRecordScreen } from './audit-record-screen';

/** `/depositRecord` (`extract_log`): every withdrawal with amount, charge, actual arrival, status and time. */
export default function WithdrawalRecordScreen() {
  const { t } = useTranslation('wallet');
  const listRecords = usePageLoader(walletApi.endpoints.listWithdrawalRecords);
  // Just withdrawn (the withdraw screen's "Withdrawal Success"): what happens next and when.
  const withdrawn = (useLocation().state as { withdrawn?: boolean } | null)?.withdrawn === true;
  return (
    <AuditRecordScreen<WithdrawalRecord>
      title={t('title.depositRecord')}
      notice={
        withdrawn && (
          <p className="wallet-notice" role="status">
            {t('withdraw.nextSteps')}
          </p>
        )
      }
      list={listRecords}
      itemLabel={(record) => t('records.withdrawalNo', { no: record.withdrawalNo })}
    >
      {(record) => (
        // i18n-keys: withdraw.types.bank, withdraw.types.onChain
        <>
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
        </>
      )}
    </AuditRecordScreen>
  );
}
