import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import {
  createdColumn,
  DecisionButtons,
  moneyColumn,
  QueueScreen,
  useRowDecision,
  useServerQueue,
  useStatusFilter,
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
  const { queue, decide } = useServerQueue<Withdrawal>('/api/admin/withdrawals', { status });
  const decision = useRowDecision<Withdrawal>(
    decide,
    (row, agree, reason) => api.post('/api/admin/withdrawal/decide', { id: row.id, agree, reason }),
    (agree) => t(agree ? 'withdrawals.paid' : 'withdrawals.refused'),
    t('withdrawals.refuseTitle'),
  );
  const language = i18n.language;

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
                onApprove={() => decision.approve(row)}
                onRefuse={() => decision.refuse(row)}
              />
            ) : (
              row.reason
            ),
        },
      ]}
    >
      {decision.dialog}
    </QueueScreen>
  );
}
