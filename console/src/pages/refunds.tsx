import { Image, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../queues';
import { useSession } from '../session';
import {
  createdColumn,
  DecisionButtons,
  moneyColumn,
  QueueScreen,
  ShopperLink,
  useRowDecision,
  useServerQueue,
} from './queue-kit';
import { everyRow, ExportButton, useQueueFilters } from './queue-filters';

interface Refund {
  id: number;
  orderId: number;
  orderNo: string;
  userId: number;
  account: string;
  refundType: string;
  amount: number;
  productStatus: string;
  reason: string;
  explain: string;
  attachmentIds: string[];
  state: 'pending' | 'agreed' | 'refused';
  decisionReason: string;
  createdAt: string;
  decidedAt: string | null;
}

const PATH = '/api/admin/queue/refunds';
const STATES = ['pending', 'agreed', 'refused', 'all'] as const;

/** A refund's proof pictures as thumbnails; each opens large (the session cookie lets the browser load them). */
function Thumbnails({ row }: { row: Refund }) {
  const { t } = useTranslation();
  if (row.attachmentIds.length === 0) return <span>{t('refunds.noPictures')}</span>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {row.attachmentIds.map((id, index) => (
          <Image
            key={id}
            width={48}
            height={48}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            src={`/api/upload/${encodeURIComponent(id)}`}
            alt={t('refunds.proofOf', { n: index + 1, order: row.orderNo })}
            preview={{ mask: t('refunds.enlarge') }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** Support: refund requests with order number, shopper and proof pictures; approve (money back) or refuse. */
export default function RefundsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [state, setState] = useState<(typeof STATES)[number]>('pending');
  const filters = useQueueFilters(t('refunds.search'));
  const params = { state, ...filters.params };
  const { queue, decide } = useServerQueue<Refund>(PATH, params);
  const decision = useRowDecision<Refund>(
    decide,
    (row, agree, reason) => api.post('/api/admin/refund/decide', { orderId: row.orderId, agree, reason }),
    (agree) => t(agree ? 'refunds.approved' : 'refunds.refused'),
    {
      facts: (row) => ({
        shopper: row.account,
        amount: row.amount,
        method: t('refunds.method'),
        destination: t('refunds.destination', { order: row.orderNo }),
      }),
      title: (row, agree) => t(agree ? 'refunds.confirmApprove' : 'refunds.confirmRefuse', { order: row.orderNo }),
      approveText: t('decision.approve'),
    },
  );
  const language = i18n.language;

  return (
    <QueueScreen<Refund>
      id="refunds"
      title={t('nav.refunds')}
      queue={queue}
      filters={
        <>
          {filters.controls}
          <ExportButton
            name="refunds"
            rows={async () =>
              (await everyRow<Refund>(api, PATH, params)).map((row) => ({
                order: row.orderNo,
                shopper: row.account,
                amount: (row.amount / 100).toFixed(2),
                reason: row.reason,
                explain: row.explain,
                state: t(`refundState.${row.state}`),
                decision: row.decisionReason,
                created: row.createdAt,
                decided: row.decidedAt ?? '',
              }))
            }
          />
        </>
      }
      onChange={filters.onChange}
      before={
        <Tabs
          activeKey={state}
          onChange={(key) => setState(key as (typeof STATES)[number])}
          // i18n-keys: refundState.pending, refundState.agreed, refundState.refused, status.all
          items={STATES.map((key) => ({ key, label: t(key === 'all' ? 'status.all' : `refundState.${key}`) }))}
        />
      }
      columns={[
        { title: t('refunds.order'), dataIndex: 'orderNo' },
        {
          title: t('common.account'),
          dataIndex: 'account',
          render: (account: string) => <ShopperLink account={account} />,
        },
        {
          ...moneyColumn<Refund>(t('common.amount'), 'amount', language),
          key: 'amount',
          sorter: true,
          sortOrder: filters.sortOrder('amount'),
        },
        { title: t('refunds.reason'), dataIndex: 'reason' },
        { title: t('refunds.explain'), dataIndex: 'explain' },
        { title: t('refunds.pictures'), key: 'pictures', render: (_v, row) => <Thumbnails row={row} /> },
        {
          ...createdColumn<Refund>(t('common.created'), language),
          key: 'createdAt',
          sorter: true,
          sortOrder: filters.sortOrder('createdAt'),
        },
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_v, row) =>
            row.state === 'pending' ? (
              <DecisionButtons
                number={row.orderNo}
                approve={t('decision.approve')}
                approveOne={t('decision.approveOne', { number: row.orderNo })}
                onApprove={() => decision.approve(row)}
                onRefuse={() => decision.refuse(row)}
              />
            ) : (
              `${t(`refundState.${row.state}`)} ${dateTime(row.decidedAt, language)} ${row.decisionReason}`.trim()
            ),
        },
      ]}
    >
      {decision.dialog}
    </QueueScreen>
  );
}
