import { useState } from 'react';
import { Alert, Button, Flex, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from '../queues';
import { useSession } from '../session';
import { ProtectedPicture, ReasonDialog, RefreshButton, useDecision, usePaged } from './queue-kit';

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
  const [refusing, setRefusing] = useState<Refund | null>(null);
  // The server answers the (at most 200) pending requests at once; the table pages them.
  const queue = usePaged<Refund>(async () => {
    const list = await api.get<Refund[]>('/api/admin/refunds');
    return { list, total: list.length };
  }, []);
  const decide = useDecision(queue.reload);
  const language = i18n.language;
  const decideOne = (row: Refund, agree: boolean, reason = '') =>
    decide(
      () => api.post('/api/admin/refund/decide', { orderId: row.orderId, agree, reason }),
      t(agree ? 'refunds.approved' : 'refunds.refused'),
    );

  return (
    <section aria-labelledby="refunds-title">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="refunds-title" style={{ margin: 0 }}>
          {t('nav.refunds')}
        </Typography.Title>
        <RefreshButton onClick={queue.reload} />
      </Flex>
      {queue.error && <Alert type="error" role="alert" showIcon message={queue.error} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{t('common.total', { count: queue.data.total })}</Typography.Paragraph>
      <Table<Refund>
        rowKey="id"
        loading={queue.loading}
        dataSource={queue.data.list}
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
          {
            title: t('common.amount'),
            dataIndex: 'refundAmountCents',
            align: 'right',
            render: (c: number) => money(c, language),
          },
          { title: t('refunds.reason'), dataIndex: 'reason' },
          { title: t('refunds.explain'), dataIndex: 'explain' },
          { title: t('refunds.pictures'), key: 'pictures', render: (_v, row) => row.attachmentIds.length },
          { title: t('common.created'), dataIndex: 'createdAt', render: (iso: string) => dateTime(iso, language) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_v, row) => (
              <Space>
                <Button
                  type="primary"
                  aria-label={t('decision.approveOne', { number: row.orderId })}
                  onClick={() => void decideOne(row, true)}
                >
                  {t('decision.approve')}
                </Button>
                <Button
                  danger
                  aria-label={t('decision.refuseOne', { number: row.orderId })}
                  onClick={() => setRefusing(row)}
                >
                  {t('decision.refuse')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ReasonDialog
        open={refusing !== null}
        title={t('refunds.refuseTitle')}
        onCancel={() => setRefusing(null)}
        onSubmit={async (reason) => {
          if (refusing) await decideOne(refusing, false, reason);
          setRefusing(null);
        }}
      />
    </section>
  );
}
