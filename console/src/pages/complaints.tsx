import { useState } from 'react';
import { Alert, Badge, Button, Flex, Segmented, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../queues';
import { useSession } from '../session';
import { RefreshButton, useDecision, usePaged, type PageOf } from './queue-kit';

interface Complaint {
  id: number;
  shopName: string;
  content: string;
  state: 'open' | 'handled';
  account: string;
  createdAt: string;
}

const STATES = ['open', 'handled'] as const;
type State = (typeof STATES)[number];

/** Support: complaints, open first; mark one handled. */
export default function ComplaintsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [state, setState] = useState<State>('open');
  const queue = usePaged<Complaint>(
    (page, pageSize) => api.get<PageOf<Complaint>>('/api/admin/complaints', { state, page, pageSize }),
    [state],
  );
  const decide = useDecision(queue.reload);
  return (
    <section aria-labelledby="complaints-title">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="complaints-title" style={{ margin: 0 }}>
          {t('nav.complaints')}
        </Typography.Title>
        <Space>
          <Segmented<State>
            aria-label={t('common.statusFilter')}
            value={state}
            onChange={setState}
            // i18n-keys: complaints.open, complaints.handled
            options={STATES.map((value) => ({ value, label: t(`complaints.${value}`) }))}
          />
          <RefreshButton onClick={queue.reload} />
        </Space>
      </Flex>
      {queue.error && <Alert type="error" role="alert" showIcon message={queue.error} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{t('common.total', { count: queue.data.total })}</Typography.Paragraph>
      <Table<Complaint>
        rowKey="id"
        loading={queue.loading}
        dataSource={queue.data.list}
        pagination={queue.pagination}
        columns={[
          { title: t('common.account'), dataIndex: 'account' },
          { title: t('complaints.shop'), dataIndex: 'shopName' },
          { title: t('complaints.content'), dataIndex: 'content' },
          {
            title: t('common.status'),
            dataIndex: 'state',
            render: (value: State) => (
              <Badge status={value === 'open' ? 'warning' : 'success'} text={t(`complaints.${value}`)} />
            ),
          },
          { title: t('common.created'), dataIndex: 'createdAt', render: (iso: string) => dateTime(iso, i18n.language) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_v, row) =>
              row.state === 'open' && (
                <Button
                  aria-label={t('complaints.handleOne', { account: row.account, id: row.id })}
                  onClick={() =>
                    void decide(() => api.post('/api/admin/complaint_handle', { id: row.id }), t('complaints.done'))
                  }
                >
                  {t('complaints.handle')}
                </Button>
              ),
          },
        ]}
      />
    </section>
  );
}
