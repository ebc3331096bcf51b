import { useTranslation } from 'react-i18next';
import { Money, usePageLoader } from '@marketplace/shared';
import type { RechargeRecord } from '@marketplace/shared/contracts';
import { walletApi } from '../../wallet';
import { StatusLabel } from '../audit-tabs';
import { AuditRecordScreen } from './audit-record-screen';

/** `/topUpRecord` (`recharge_log`): every top-up with method, amount, arrival, status and time. */
export default function TopUpRecordScreen() {
  const { t } = useTranslation('wallet');
  const listRecords = usePageLoader(walletApi.endpoints.listRechargeRecords);
  return (
    <AuditRecordScreen<RechargeRecord>
      title={t('title.topUpRecord')}
      list={listRecords}
      itemLabel={(record) => t('records.rechargeNo', { no: record.rechargeNo })}
    >
      {(record) => (
        // i18n-keys: topUp.methods.bank.title, topUp.methods.onChain.title, topUp.methods.card.title, topUp.methods.manual.title
        <>
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
        </>
      )}
    </AuditRecordScreen>
  );
}
