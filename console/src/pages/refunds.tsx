import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import {
  createdColumn,
  DecisionButtons,
  moneyColumn,
  ProtectedPicture,
  QueueScreen,
  useDecision,
  useRowDecision,
  useWholeQueue,
} from './queue-kit';

interface Refund {
  id: number;
  orderId: number;
  userId: number;
  refundType: string;
  refundAmountCents: number;
  productStatus: string;
  reason: string;
  explain: string;
  attachmentIds: string[];
  createdAt: string;
}

/** Support: refund requests with their proof pictures; approve (money back) or refuse with a reason. */
export default function RefundsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  // The server answers the (at most 200) pending requests at once; the table pages them.
  const queue = useWholeQueue<Refund>('/api/admin/refunds');
  const decision = useRowDecision<Refund>(
    useDecision(queue.reload),
    (row, agree, reason) => api.post('/api/admin/refund/decide', { orderId: row.orderId, agree, reason }),
    (agree) => t(agree ? 'refunds.approved' : 'refunds.refused'),
    t('refunds.refuseTitle'),
  );
  const language = i18n.language;

  return (
    <QueueScreen<Refund>
      id="refunds"
      title={t('nav.refunds')}
      queue={queue}
      pagination={{ showSizeChanger: true }}
      expandable={{
        expandedRowRender: (row) => (
          <Space wrap size="large" align="start">
            {row.attachmentIds.map((id, index) => (
              <ProtectedPicture
                key={id}
                uploadId={id}
                load={api.picture}
                width={280}
                alt={t('refunds.proofOf', { n: index + 1, order: row.orderId })}
              />
            ))}
          </Space>
        ),
      }}
      columns={[
        { title: t('refunds.order'), dataIndex: 'orderId' },
        moneyColumn(t('common.amount'), 'refundAmountCents', language),
        { title: t('refunds.reason'), dataIndex: 'reason' },
        { title: t('refunds.explain'), dataIndex: 'explain' },
        { title: t('refunds.pictures'), key: 'pictures', render: (_v, row) => row.attachmentIds.length },
        createdColumn(t('common.created'), language),
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_v, row) => (
            <DecisionButtons
              number={row.orderId}
              approve={t('decision.approve')}
              approveOne={t('decision.approveOne', { number: row.orderId })}
              onApprove={() => decision.approve(row)}
              onRefuse={() => decision.refuse(row)}
            />
          ),
        },
      ]}
    >
      {decision.dialog}
    </QueueScreen>
  );
}
