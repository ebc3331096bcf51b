import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import {
  createdColumn,
  DecisionButtons,
  moneyColumn,
  QueueScreen,
  RefuseRowDialog,
  useDecision,
  useStatusFilter,
  usePaged,
  type PageOf,
} from './queue-kit';
import { statusTag, STATUSES } from './topups';

interface Withdrawal {
  id: number;
  withdrawalNo: string;
  drawType: 'bank' | 'onChain';
  drawAmount: number;
  serviceCharge: number;
  actualArrival: number;
  bankName: string;
  account: string;
  status: 0 | 1 | 2;
  reason: string;
  createdAt: string;
}

/** Finance: withdrawals to pay out (mark paid) or refuse (the held amount goes back to the shopper). */
export default function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [status, statusFilter] = useStatusFilter(STATUSES, (value) => t(`status.${value}`));
  const [refusing, setRefusing] = useState<Withdrawal | null>(null);
  const queue = usePaged<Withdrawal>(
    (page, pageSize) => api.get<PageOf<Withdrawal>>('/api/admin/withdrawals', { status, page, pageSize }),
    [status],
  );
  const decide = useDecision(queue.reload);
  const language = i18n.language;
  const decideOne = (row: Withdrawal, agree: boolean, reason = '') =>
    decide(
      () => api.post('/api/admin/withdrawal/decide', { id: row.id, agree, reason }),
      t(agree ? 'withdrawals.paid' : 'withdrawals.refused'),
    );

  return (
    <QueueScreen<Withdrawal>
      id="withdrawals"
      title={t('nav.withdrawals')}
      queue={queue}
      filters={statusFilter}
      columns={[
        { title: t('withdrawals.number'), dataIndex: 'withdrawalNo' },
        moneyColumn(t('common.amount'), 'drawAmount', language),
        moneyColumn(t('withdrawals.charge'), 'serviceCharge', language),
        moneyColumn(t('withdrawals.arrival'), 'actualArrival', language),
        {
          title: t('withdrawals.destination'),
          key: 'destination',
          render: (_v, row) => `${t(`method.${row.drawType}`)} · ${row.bankName} · ${row.account}`,
        },
        { title: t('common.status'), dataIndex: 'status', render: (value: number) => statusTag(value, t) },
        createdColumn(t('common.created'), language),
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_v, row) =>
            row.status === 0 ? (
              <DecisionButtons
                number={row.withdrawalNo}
                approve={t('withdrawals.markPaid')}
                approveOne={t('withdrawals.markPaidOne', { number: row.withdrawalNo })}
                onApprove={() => void decideOne(row, true)}
                onRefuse={() => setRefusing(row)}
              />
            ) : (
              row.reason
            ),
        },
      ]}
    >
      <RefuseRowDialog
        row={refusing}
        title={t('withdrawals.refuseTitle')}
        close={() => setRefusing(null)}
        refuse={(row, reason) => decideOne(row, false, reason)}
      />
    </QueueScreen>
  );
}
