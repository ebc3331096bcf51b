import { useEffect, useState } from 'react';
import { Alert, Descriptions, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dateTime, money } from '../queues';
import { useSession } from '../session';
import { createdColumn, moneyColumn } from './queue-kit';
import { AdjustBalance, ShopperReasonAction } from './shopper-actions';

interface ShopperView {
  id: number;
  account: string;
  email: string;
  mobile: string;
  name: string;
  vipLevel: number;
  balance: number;
  frozen: boolean;
  paymentLocked: boolean;
  createdAt: string;
  addresses: {
    id: number;
    addressee: string;
    mobilePhone: string;
    area: string;
    detailedAddress: string;
    isDefault: boolean;
  }[];
  ledger: {
    id: number;
    amount: number;
    balanceAfter: number;
    kind: string;
    reference: string | null;
    note: string;
    createdAt: string;
  }[];
  orders: { id: number; orderNo: string; status: number; total: number; createdAt: string }[];
  refunds: { id: number; orderNo: string; amount: number; state: string; reason: string; createdAt: string }[];
}

/** A tab of the shopper page: a small table of `rows`, one a row keyed by id. */
const tableTab = <T extends { id: number }>(key: string, label: string, rows: T[], columns: ColumnsType<T>) => ({
  key,
  label,
  children: <Table<T> rowKey="id" size="small" dataSource={rows} columns={columns} />,
});

/**
 * One shopper: contact details, addresses, VIP level, balance, ledger (with the balance after each entry),
 * orders and refunds; freeze or unfreeze, clear a payment-code lock, and (finance) adjust the balance,
 * each confirmed and with a reason the audit keeps.
 */
export default function ShopperDetail({ account }: { account: string }) {
  const { t, i18n } = useTranslation();
  const { api, can } = useSession();
  const [view, setView] = useState<{ account: string; data?: ShopperView; error?: string } | null>(null);
  const [tick, setTick] = useState(0);
  const language = i18n.language;
  const reload = () => setTick((n) => n + 1);

  useEffect(() => {
    let live = true;
    api.get<ShopperView>('/api/admin/shopper', { account }).then(
      (data) => live && setView({ account, data }),
      (failure: Error) => live && setView({ account, error: failure.message }),
    );
    return () => {
      live = false;
    };
  }, [api, account, tick]);

  const shopper = view?.account === account ? view.data : undefined;
  return (
    <section aria-labelledby="shopper-title">
      <Link to="/shoppers">{t('shoppers.back')}</Link>
      <Typography.Title level={2} id="shopper-title">
        {t('shoppers.title', { account })}
      </Typography.Title>
      {view?.error && view.account === account && <Alert type="error" role="alert" showIcon message={view.error} />}
      {shopper && (
        <>
          <Descriptions
            bordered
            size="small"
            column={3}
            items={[
              { key: 'account', label: t('common.account'), children: shopper.account },
              { key: 'name', label: t('shoppers.name'), children: shopper.name },
              { key: 'email', label: t('shoppers.email'), children: shopper.email },
              { key: 'mobile', label: t('shoppers.mobile'), children: shopper.mobile },
              { key: 'vip', label: t('shoppers.vip'), children: shopper.vipLevel },
              { key: 'balance', label: t('shoppers.balance'), children: money(shopper.balance, language) },
              { key: 'since', label: t('shoppers.since'), children: dateTime(shopper.createdAt, language) },
              {
                key: 'state',
                label: t('common.status'),
                children: shopper.frozen ? <Tag color="red">{t('shoppers.frozen')}</Tag> : t('shoppers.active'),
              },
              {
                key: 'payment',
                label: t('shoppers.paymentCode'),
                children: shopper.paymentLocked ? t('shoppers.paymentLocked') : t('shoppers.paymentOpen'),
              },
            ]}
          />
          <Space style={{ marginTop: 16 }} wrap>
            <ShopperReasonAction
              account={shopper.account}
              kind={shopper.frozen ? 'unfreeze' : 'freeze'}
              onDone={reload}
            />
            {shopper.paymentLocked && <ShopperReasonAction account={shopper.account} kind="unlock" onDone={reload} />}
          </Space>
          {can('finance') && <AdjustBalance account={shopper.account} onDone={reload} />}
          <Tabs
            style={{ marginTop: 24 }}
            items={[
              tableTab('ledger', t('shoppers.ledger'), shopper.ledger, [
                // i18n-keys: ledger.payment, ledger.refund, ledger.adjustment, ledger.topup, ledger.withdrawal, ledger.withdrawalRefund, ledger.vip
                { title: t('shoppers.kind'), dataIndex: 'kind', render: (kind: string) => t(`ledger.${kind}`) },
                {
                  title: t('common.amount'),
                  dataIndex: 'amount',
                  align: 'right',
                  render: (cents: number) => `${cents > 0 ? '+' : ''}${money(cents, language)}`,
                },
                moneyColumn(t('shoppers.balanceAfter'), 'balanceAfter', language),
                { title: t('shoppers.note'), dataIndex: 'note' },
                createdColumn(t('common.created'), language),
              ]),
              tableTab('orders', t('shoppers.orders'), shopper.orders, [
                { title: t('orders.number'), dataIndex: 'orderNo' },
                // i18n-keys: orderStatus.0, orderStatus.1, orderStatus.2, orderStatus.3, orderStatus.4, orderStatus.-1, orderStatus.-2, orderStatus.-3, orderStatus.-4
                { title: t('common.status'), dataIndex: 'status', render: (s: number) => t(`orderStatus.${s}`) },
                moneyColumn(t('common.amount'), 'total', language),
                createdColumn(t('common.created'), language),
              ]),
              tableTab('refunds', t('shoppers.refunds'), shopper.refunds, [
                { title: t('refunds.order'), dataIndex: 'orderNo' },
                moneyColumn(t('common.amount'), 'amount', language),
                // i18n-keys: refundState.pending, refundState.agreed, refundState.refused
                { title: t('common.status'), dataIndex: 'state', render: (s: string) => t(`refundState.${s}`) },
                { title: t('refunds.reason'), dataIndex: 'reason' },
                createdColumn(t('common.created'), language),
              ]),
              tableTab('addresses', t('shoppers.addresses'), shopper.addresses, [
                { title: t('shoppers.addressee'), dataIndex: 'addressee' },
                { title: t('shoppers.mobile'), dataIndex: 'mobilePhone' },
                {
                  title: t('shoppers.address'),
                  key: 'address',
                  render: (_v, row) => `${row.area} ${row.detailedAddress}`,
                },
                {
                  title: t('shoppers.default'),
                  dataIndex: 'isDefault',
                  render: (value: boolean) => (value ? t('shoppers.default') : ''),
                },
              ]),
            ]}
          />
        </>
      )}
    </section>
  );
}
