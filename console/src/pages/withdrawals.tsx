import { useState } from 'react';
import { Alert, Button, Flex, Segmented, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from '../queues';
import { useSession } from '../session';
import { ReasonDialog, RefreshButton, useDecision, usePaged, type PageOf } from './queue-kit';
import { statusTag } from './topups';

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

const STATUSES = ['0', '1', '2', 'all'] as const;
type Status = (typeof STATUSES)[number];

/** Finance: withdrawals to pay out (mark paid) or refuse (the held amount goes back to the shopper). */
export default function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [status, setStatus] = useState<Status>('0');
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
    <section aria-labelledby="withdrawals-title">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="withdrawals-title" style={{ margin: 0 }}>
          {t('nav.withdrawals')}
        </Typography.Title>
        <Space wrap>
          <Segmented<Status>
            aria-label={t('common.statusFilter')}
            value={status}
            onChange={setStatus}
            options={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          />
          <RefreshButton onClick={queue.reload} />
        </Space>
      </Flex>
      {queue.error && <Alert type="error" role="alert" showIcon message={queue.error} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{t('common.total', { count: queue.data.total })}</Typography.Paragraph>
      <Table<Withdrawal>
        rowKey="id"
        loading={queue.loading}
        dataSource={queue.data.list}
        pagination={queue.pagination}
        columns={[
          { title: t('withdrawals.number'), dataIndex: 'withdrawalNo' },
          {
            title: t('common.amount'),
            dataIndex: 'drawAmount',
            align: 'right',
            render: (c: number) => money(c, language),
          },
          {
            title: t('withdrawals.charge'),
            dataIndex: 'serviceCharge',
            align: 'right',
            render: (c: number) => money(c, language),
          },
          {
            title: t('withdrawals.arrival'),
            dataIndex: 'actualArrival',
            align: 'right',
            render: (c: number) => money(c, language),
          },
          {
            title: t('withdrawals.destination'),
            key: 'destination',
            render: (_v, row) => `${t(`method.${row.drawType}`)} · ${row.bankName} · ${row.account}`,
          },
          { title: t('common.status'), dataIndex: 'status', render: (value: number) => statusTag(value, t) },
          { title: t('common.created'), dataIndex: 'createdAt', render: (iso: string) => dateTime(iso, language) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_v, row) =>
              row.status === 0 ? (
                <Space>
                  <Button
                    type="primary"
                    aria-label={t('withdrawals.markPaidOne', { number: row.withdrawalNo })}
                    onClick={() => void decideOne(row, true)}
                  >
                    {t('withdrawals.markPaid')}
                  </Button>
                  <Button
                    danger
                    aria-label={t('decision.refuseOne', { number: row.withdrawalNo })}
                    onClick={() => setRefusing(row)}
                  >
                    {t('decision.refuse')}
                  </Button>
                </Space>
              ) : (
                row.reason
              ),
          },
        ]}
      />
      <ReasonDialog
        open={refusing !== null}
        title={t('withdrawals.refuseTitle')}
        onCancel={() => setRefusing(null)}
        onSubmit={async (reason) => {
          if (refusing) await decideOne(refusing, false, reason);
          setRefusing(null);
        }}
      />
    </section>
  );
}
