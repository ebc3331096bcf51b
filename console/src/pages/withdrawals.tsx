import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import {
  createdColumn,
  DecisionButtons,
  moneyColumn,
  QueueScreen,
  ShopperLink,
  useRowDecision,
  useServerQueue,
  useStatusFilter,
} from './queue-kit';
import { everyRow, ExportButton, useQueueFilters } from './queue-filters';
import { statusTag, STATUSES } from './topups';

interface Withdrawal {
  id: number;
  withdrawalNo: string;
  userId: number;
  account: string;
  drawType: 'bank' | 'onChain';
  drawAmount: number;
  serviceCharge: number;
  actualArrival: number;
  bankName: string;
  payoutAccount: string;
  status: 0 | 1 | 2;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
}

const PATH = '/api/admin/queue/withdrawals';

/** Finance: withdrawals to pay out (mark paid) or refuse (the held amount goes back to the shopper). */
export default function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [status, statusFilter] = useStatusFilter(STATUSES, (value) => t(`status.${value}`));
  const filters = useQueueFilters(t('withdrawals.search'));
  const params = { status, ...filters.params };
  const { queue, decide } = useServerQueue<Withdrawal>(PATH, params);
  const destination = (row: Withdrawal) => [row.bankName, row.payoutAccount].filter(Boolean).join(' · ');
  const decision = useRowDecision<Withdrawal>(
    decide,
    (row, agree, reason) => api.post('/api/admin/withdrawal/decide', { id: row.id, agree, reason }),
    (agree) => t(agree ? 'withdrawals.paid' : 'withdrawals.refused'),
    {
      facts: (row) => ({
        shopper: row.account,
        amount: row.actualArrival,
        method: t(`method.${row.drawType}`),
        destination: destination(row),
      }),
      title: (row, agree) =>
        t(agree ? 'withdrawals.confirmPaid' : 'withdrawals.confirmRefuse', { number: row.withdrawalNo }),
      approveText: t('withdrawals.markPaid'),
    },
  );
  const language = i18n.language;

  return (
    <QueueScreen<Withdrawal>
      id="withdrawals"
      title={t('nav.withdrawals')}
      queue={queue}
      filters={
        <>
          {statusFilter}
          {filters.controls}
          <ExportButton
            name="withdrawals"
            rows={async () =>
              (await everyRow<Withdrawal>(api, PATH, params)).map((row) => ({
                number: row.withdrawalNo,
                shopper: row.account,
                amount: (row.drawAmount / 100).toFixed(2),
                charge: (row.serviceCharge / 100).toFixed(2),
                arrival: (row.actualArrival / 100).toFixed(2),
                method: row.drawType,
                destination: destination(row),
                status: t(`status.${row.status}`),
                reason: row.reason,
                created: row.createdAt,
                decided: row.decidedAt ?? '',
              }))
            }
          />
        </>
      }
      onChange={filters.onChange}
      columns={[
        { title: t('withdrawals.number'), dataIndex: 'withdrawalNo' },
        {
          title: t('common.account'),
          dataIndex: 'account',
          render: (account: string) => <ShopperLink account={account} />,
        },
        {
          ...moneyColumn<Withdrawal>(t('common.amount'), 'drawAmount', language),
          key: 'amount',
          sorter: true,
          sortOrder: filters.sortOrder('amount'),
        },
        moneyColumn(t('withdrawals.charge'), 'serviceCharge', language),
        moneyColumn(t('withdrawals.arrival'), 'actualArrival', language),
        {
          title: t('withdrawals.destination'),
          key: 'destination',
          render: (_v, row) => `${t(`method.${row.drawType}`)} · ${destination(row)}`,
        },
        { title: t('common.status'), dataIndex: 'status', render: (value: number) => statusTag(value, t) },
        {
          ...createdColumn<Withdrawal>(t('common.created'), language),
          key: 'createdAt',
          sorter: true,
          sortOrder: filters.sortOrder('createdAt'),
        },
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
