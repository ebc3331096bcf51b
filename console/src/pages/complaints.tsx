import { useState } from 'react';
import { Badge, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminComplaint } from '@marketplace/shared/contracts';
import { useSession } from '../session';
import { ComplaintDrawer } from './complaint-drawer';
import { createdColumn, QueueScreen, ShopperLink, useServerQueue, useStatusFilter } from './queue-kit';

const STATES = ['open', 'handled'] as const;
type State = (typeof STATES)[number];

/**
 * Support: complaints, open first (requirements §8.2). A row opens its drawer (reply to the shopper, assign,
 * internal notes); an open one can be marked handled.
 */
export default function ComplaintsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  // i18n-keys: complaints.open, complaints.handled
  const [state, stateFilter] = useStatusFilter(STATES, (value) => t(`complaints.${value}`));
  const { queue, decide } = useServerQueue<AdminComplaint>('/api/admin/complaints', { state });
  const [openId, setOpenId] = useState<number | null>(null);
  // The row as the queue last read it: after a reply, a note or an assignment the drawer shows the new state.
  const current = queue.data.list.find((row) => row.id === openId) ?? null;
  return (
    <QueueScreen<AdminComplaint>
      id="complaints"
      title={t('nav.complaints')}
      queue={queue}
      filters={stateFilter}
      columns={[
        {
          title: t('common.account'),
          dataIndex: 'account',
          render: (account: string) => <ShopperLink account={account} />,
        },
        { title: t('complaints.shop'), dataIndex: 'shopName' },
        { title: t('complaints.content'), dataIndex: 'content', ellipsis: true },
        {
          title: t('complaints.assignee'),
          dataIndex: 'assignee',
          render: (assignee: string | null) => assignee ?? t('complaints.nobody'),
        },
        {
          title: t('common.status'),
          dataIndex: 'state',
          render: (value: State, row) => (
            <Space direction="vertical" size={0}>
              <Badge status={value === 'open' ? 'warning' : 'success'} text={t(`complaints.${value}`)} />
              {row.reply && <span>{t('complaints.repliedBadge')}</span>}
              {row.notes > 0 && <span>{t('complaints.notesCount', { count: row.notes })}</span>}
            </Space>
          ),
        },
        createdColumn(t('common.created'), i18n.language),
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_v, row) => (
            <Space wrap>
              <Button
                aria-label={t('complaints.workOne', { account: row.account, id: row.id })}
                onClick={() => setOpenId(row.id)}
              >
                {t('complaints.work')}
              </Button>
              {row.state === 'open' && (
                <Button
                  aria-label={t('complaints.handleOne', { account: row.account, id: row.id })}
                  onClick={() =>
                    void decide(() => api.post('/api/admin/complaint_handle', { id: row.id }), t('complaints.done'))
                  }
                >
                  {t('complaints.handle')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    >
      <ComplaintDrawer complaint={current} decide={decide} onClose={() => setOpenId(null)} />
    </QueueScreen>
  );
}
