import { useState } from 'react';
import { Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../queues';
import { useSession } from '../session';
import { QueueScreen, usePaged } from './queue-kit';
import { everyRow, ExportButton } from './queue-filters';

interface AuditRow {
  id: number;
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
  operator: string;
  createdAt: string;
}

const PATH = '/api/admin/audit_log';

/** The day after `day` (`YYYY-MM-DD`): the exclusive end of the date filter. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** A decision's detail as one line: `reason: Chargeback · amount: 1200`. */
const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');

/**
 * Every operator decision with who made it: filtered by operator, action, shopper and date on the server,
 * paged with its total, and exported as CSV with the same filters.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [params, setParams] = useState<Record<string, string>>({});
  const [actions, setActions] = useState<string[]>([]);
  const queue = usePaged<AuditRow>(
    async (page, pageSize) => {
      const answer = await api.get<{ list: AuditRow[]; total: number; actions: string[] }>(PATH, {
        ...params,
        page,
        pageSize,
      });
      setActions(answer.actions);
      return answer;
    },
    [JSON.stringify(params)],
  );
  const set = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = { ...current };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });

  return (
    <QueueScreen<AuditRow>
      id="audit"
      title={t('nav.audit')}
      queue={queue}
      filters={
        <>
          <Input.Search
            aria-label={t('audit.operator')}
            placeholder={t('audit.operator')}
            allowClear
            onSearch={(value) => set('operator', value.trim())}
            style={{ width: 180 }}
          />
          {/* The actions there are, offered by the browser's own list (a native datalist names every option). */}
          <Input.Search
            aria-label={t('audit.action')}
            placeholder={t('audit.action')}
            list="audit-actions"
            allowClear
            onSearch={(value) => set('action', value.trim())}
            style={{ width: 220 }}
          />
          <datalist id="audit-actions">
            {actions.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
          <Input.Search
            aria-label={t('audit.shopper')}
            placeholder={t('audit.shopper')}
            allowClear
            onSearch={(value) => set('shopper', value.trim())}
            style={{ width: 180 }}
          />
          <Space.Compact>
            <Input
              type="date"
              aria-label={t('filters.from')}
              onChange={(event) => set('from', event.target.value ? `${event.target.value}T00:00:00Z` : undefined)}
            />
            <Input
              type="date"
              aria-label={t('filters.to')}
              onChange={(event) => set('to', event.target.value ? dayAfter(event.target.value) : undefined)}
            />
          </Space.Compact>
          <ExportButton
            name="audit"
            rows={async () =>
              (await everyRow<AuditRow>(api, PATH, params)).map((row) => ({
                time: row.createdAt,
                operator: row.operator,
                action: row.action,
                target: `${row.targetType} ${row.targetId}`,
                detail: detailText(row.detail),
              }))
            }
          />
        </>
      }
      columns={[
        { title: t('audit.time'), dataIndex: 'createdAt', render: (iso: string) => dateTime(iso, i18n.language) },
        { title: t('audit.operator'), dataIndex: 'operator' },
        { title: t('audit.action'), dataIndex: 'action' },
        { title: t('audit.target'), key: 'target', render: (_v, row) => `${row.targetType} ${row.targetId}` },
        {
          title: t('audit.detail'),
          key: 'detail',
          render: (_v, row) => <Typography.Text>{detailText(row.detail)}</Typography.Text>,
        },
      ]}
    />
  );
}
