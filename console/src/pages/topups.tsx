import { useState } from 'react';
import { Badge, Button, Descriptions, Drawer, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from '../queues';
import { useSession } from '../session';
import {
  createdColumn,
  moneyColumn,
  ProtectedPicture,
  QueueScreen,
  ReasonDialog,
  useServerQueue,
  useStatusFilter,
} from './queue-kit';

export interface TopUp {
  id: number;
  rechargeNo: string;
  account: string;
  method: string;
  network: string;
  address: string;
  amount: number;
  actualArrival: number;
  status: 0 | 1 | 2;
  reason: string;
  evidence: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** A money queue's status filter: waiting, approved, refused, or all. */
export const STATUSES = ['0', '1', '2', 'all'] as const;

// i18n-keys: status.0, status.1, status.2, status.all
export const statusTag = (status: number, t: (key: string) => string) => (
  <Badge status={status === 0 ? 'warning' : status === 1 ? 'success' : 'error'} text={t(`status.${status}`)} />
);

/** Finance: top-ups waiting for a decision (or decided), the evidence picture large beside the amount. */
export default function TopUpsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [status, statusFilter] = useStatusFilter(STATUSES, (value) => t(`status.${value}`));
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<TopUp | null>(null);
  const [refusing, setRefusing] = useState(false);
  const { queue, decide } = useServerQueue<TopUp>('/api/admin/topups', { status, q });
  const language = i18n.language;

  const decideOpen = async (agree: boolean, reason = '') => {
    if (!open) return;
    const id = open.id;
    await decide(
      () => api.post('/api/admin/recharge/decide', { id, agree, reason }),
      t(agree ? 'topups.approved' : 'topups.refused'),
    );
    setRefusing(false);
    setOpen(null);
  };

  return (
    <QueueScreen<TopUp>
      id="topups"
      title={t('nav.topups')}
      queue={queue}
      filters={
        <>
          {statusFilter}
          <Input.Search
            aria-label={t('topups.search')}
            placeholder={t('topups.search')}
            allowClear
            onSearch={(value) => setQ(value.trim())}
            style={{ width: 280 }}
          />
        </>
      }
      columns={[
        { title: t('topups.number'), dataIndex: 'rechargeNo' },
        { title: t('common.account'), dataIndex: 'account' },
        moneyColumn(t('common.amount'), 'amount', language),
        // i18n-keys: method.bank, method.onChain, method.manual, method.card
        { title: t('topups.method'), dataIndex: 'method', render: (method: string) => t(`method.${method}`) },
        { title: t('topups.network'), dataIndex: 'network' },
        { title: t('common.status'), dataIndex: 'status', render: (value: number) => statusTag(value, t) },
        createdColumn(t('common.created'), language),
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_value, row) => (
            <Button onClick={() => setOpen(row)} aria-label={t('topups.reviewOne', { number: row.rechargeNo })}>
              {t('common.review')}
            </Button>
          ),
        },
      ]}
    >
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={760}
        title={open ? t('topups.reviewOne', { number: open.rechargeNo }) : ''}
        destroyOnHidden
        extra={
          open?.status === 0 && (
            <Space>
              <Button danger onClick={() => setRefusing(true)}>
                {t('decision.refuse')}
              </Button>
              <Button type="primary" onClick={() => void decideOpen(true)}>
                {t('decision.approve')}
              </Button>
            </Space>
          )
        }
      >
        {open && (
          <>
            <Descriptions
              bordered
              size="small"
              column={2}
              items={[
                { key: 'account', label: t('common.account'), children: open.account },
                { key: 'amount', label: t('common.amount'), children: money(open.amount, language) },
                { key: 'arrival', label: t('topups.arrival'), children: money(open.actualArrival, language) },
                { key: 'method', label: t('topups.method'), children: t(`method.${open.method}`) },
                { key: 'network', label: t('topups.network'), children: open.network },
                { key: 'address', label: t('topups.payer'), children: open.address },
                { key: 'status', label: t('common.status'), children: statusTag(open.status, t) },
                { key: 'created', label: t('common.created'), children: dateTime(open.createdAt, language) },
                ...(open.reason ? [{ key: 'reason', label: t('decision.reason'), children: open.reason }] : []),
              ]}
            />
            <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
              {t('topups.evidence')}
            </Typography.Title>
            {open.evidence ? (
              <ProtectedPicture
                uploadId={open.evidence}
                alt={t('topups.evidenceOf', { number: open.rechargeNo })}
                load={api.picture}
              />
            ) : (
              <Typography.Text type="secondary">{t('topups.noEvidence')}</Typography.Text>
            )}
          </>
        )}
      </Drawer>
      <ReasonDialog
        open={refusing}
        title={t('topups.refuseTitle')}
        onCancel={() => setRefusing(false)}
        onSubmit={(reason) => decideOpen(false, reason)}
      />
    </QueueScreen>
  );
}
