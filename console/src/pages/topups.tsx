import { useState } from 'react';
import { Badge, Button, Descriptions, Drawer, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from '../queues';
import { useSession } from '../session';
import { BulkDecision } from './bulk-decision';
import {
  createdColumn,
  moneyColumn,
  ProtectedPicture,
  QueueScreen,
  ShopperLink,
  useRowDecision,
  useServerQueue,
  useStatusFilter,
} from './queue-kit';
import { everyRow, ExportButton, useQueueFilters } from './queue-filters';

export interface TopUp {
  id: number;
  rechargeNo: string;
  userId: number;
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

const PATH = '/api/admin/topups';

/** A selection checkbox's accessible name (antd passes aria attributes on to the input; its types leave them out). */
const named = (label: string) => ({ 'aria-label': label }) as { name?: string };

/** Finance: top-ups waiting for a decision (or decided), the evidence picture large beside the amount. */
export default function TopUpsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [status, statusFilter] = useStatusFilter(STATUSES, (value) => t(`status.${value}`));
  const filters = useQueueFilters(t('topups.search'));
  const [open, setOpen] = useState<TopUp | null>(null);
  const [selected, setSelected] = useState<TopUp[]>([]);
  const params = { status, ...filters.params };
  const { queue, decide } = useServerQueue<TopUp>(PATH, params);
  const language = i18n.language;
  // i18n-keys: method.bank, method.onChain, method.manual, method.card
  const methodOf = (row: TopUp) => [t(`method.${row.method}`), row.network].filter(Boolean).join(' · ');
  const send = (row: TopUp, agree: boolean, reason: string) =>
    api.post('/api/admin/recharge/decide', { id: row.id, agree, reason });
  const decision = useRowDecision<TopUp>(
    decide,
    send,
    (agree) => t(agree ? 'topups.approved' : 'topups.refused'),
    {
      facts: (row) => ({
        shopper: row.account,
        amount: row.actualArrival,
        method: methodOf(row),
        destination: t('topups.destination', { payer: row.address }),
      }),
      title: (row, agree) => t(agree ? 'topups.confirmApprove' : 'topups.confirmRefuse', { number: row.rechargeNo }),
      approveText: t('decision.approve'),
    },
    () => setOpen(null),
  );

  return (
    <QueueScreen<TopUp>
      id="topups"
      title={t('nav.topups')}
      queue={queue}
      filters={
        <>
          {statusFilter}
          {filters.controls}
          <ExportButton
            name="top-ups"
            rows={async () =>
              (await everyRow<TopUp>(api, PATH, params)).map((row) => ({
                number: row.rechargeNo,
                shopper: row.account,
                amount: (row.amount / 100).toFixed(2),
                arrival: (row.actualArrival / 100).toFixed(2),
                method: row.method,
                network: row.network,
                payer: row.address,
                status: t(`status.${row.status}`),
                reason: row.reason,
                created: row.createdAt,
                decided: row.decidedAt ?? '',
              }))
            }
          />
        </>
      }
      before={
        status === '0' && (
          <div style={{ marginBottom: 12 }}>
            <BulkDecision<TopUp>
              rows={selected}
              numberOf={(row) => row.rechargeNo}
              facts={(rows) => ({
                shopper: [...new Set(rows.map((row) => row.account))].join(', '),
                amount: rows.reduce((sum, row) => sum + row.actualArrival, 0),
                method: t('bulk.items', { count: rows.length }),
                destination: t('bulk.balances'),
              })}
              send={send}
              approveText={t('decision.approve')}
              onDone={() => {
                setSelected([]);
                queue.reload();
              }}
            />
          </div>
        )
      }
      onChange={filters.onChange}
      rowSelection={
        status === '0'
          ? {
              selectedRowKeys: selected.map((row) => row.id),
              onChange: (_keys, rows) => setSelected(rows),
              getTitleCheckboxProps: () => named(t('bulk.selectAll')),
              getCheckboxProps: (row) => named(t('bulk.selectOne', { number: row.rechargeNo })),
            }
          : undefined
      }
      columns={[
        { title: t('topups.number'), dataIndex: 'rechargeNo' },
        {
          title: t('common.account'),
          dataIndex: 'account',
          render: (account: string) => <ShopperLink account={account} />,
        },
        {
          ...moneyColumn<TopUp>(t('common.amount'), 'amount', language),
          key: 'amount',
          sorter: true,
          sortOrder: filters.sortOrder('amount'),
        },
        { title: t('topups.method'), key: 'method', render: (_v, row) => methodOf(row) },
        {
          title: t('topups.evidence'),
          key: 'evidence',
          render: (_v, row) =>
            row.evidence ? (
              <Image
                width={48}
                height={48}
                style={{ objectFit: 'cover', borderRadius: 4 }}
                src={`/api/upload/${encodeURIComponent(row.evidence)}`}
                alt={t('topups.evidenceOf', { number: row.rechargeNo })}
                preview={{ mask: t('refunds.enlarge') }}
              />
            ) : (
              t('topups.noEvidence')
            ),
        },
        { title: t('common.status'), dataIndex: 'status', render: (value: number) => statusTag(value, t) },
        {
          ...createdColumn<TopUp>(t('common.created'), language),
          key: 'createdAt',
          sorter: true,
          sortOrder: filters.sortOrder('createdAt'),
        },
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
              <Button danger onClick={() => decision.refuse(open)}>
                {t('decision.refuse')}
              </Button>
              <Button type="primary" onClick={() => decision.approve(open)}>
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
                { key: 'account', label: t('common.account'), children: <ShopperLink account={open.account} /> },
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
      {decision.dialog}
    </QueueScreen>
  );
}
