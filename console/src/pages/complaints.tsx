import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { createdColumn, QueueScreen, useServerQueue, useStatusFilter } from './queue-kit';

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
  // i18n-keys: complaints.open, complaints.handled
  const [state, stateFilter] = useStatusFilter(STATES, (value) => t(`complaints.${value}`));
  const { queue, decide } = useServerQueue<Complaint>('/api/admin/complaints', { state });
  return (
    <QueueScreen<Complaint>
      id="complaints"
      title={t('nav.complaints')}
      queue={queue}
      filters={stateFilter}
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
        createdColumn(t('common.created'), i18n.language),
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
  );
}
