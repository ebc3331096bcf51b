import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, InputNumber, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from '../queues';
import { useSession } from '../session';
import { createdColumn, moneyColumn } from './queue-kit';

interface ShopperView {
  id: number;
  account: string;
  balance: number;
  createdAt: string;
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
  refunds: { id: number; orderId: number; amount: number; state: string; reason: string; createdAt: string }[];
}

/** A tab of the shopper page: a small table of `rows`, one a row keyed by id. */
const tableTab = <T extends { id: number }>(key: string, label: string, rows: T[], columns: ColumnsType<T>) => ({
  key,
  label,
  children: <Table<T> rowKey="id" size="small" dataSource={rows} columns={columns} />,
});

/** Dollars typed by the operator as signed integer cents. */
export const centsOf = (dollars: number) => Math.round(dollars * 100);

/**
 * One shopper by account: balance, ledger (with the balance after each entry), orders and refunds;
 * finance may adjust the balance, always with a reason (an adjustment entry in the ledger).
 */
export default function ShoppersPage() {
  const { t, i18n } = useTranslation();
  const { api, can } = useSession();
  const { message } = App.useApp();
  const [account, setAccount] = useState('');
  const [view, setView] = useState<{ account: string; data?: ShopperView; error?: string } | null>(null);
  const [tick, setTick] = useState(0);
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const [adjustError, setAdjustError] = useState<string | null>(null);
  const language = i18n.language;

  useEffect(() => {
    if (!account) return undefined;
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
    <section aria-labelledby="shoppers-title">
      <Typography.Title level={2} id="shoppers-title">
        {t('nav.shoppers')}
      </Typography.Title>
      <Input.Search
        aria-label={t('shoppers.search')}
        placeholder={t('shoppers.search')}
        enterButton={t('shoppers.find')}
        style={{ maxWidth: 420, marginBottom: 24 }}
        onSearch={(value) => setAccount(value.trim())}
      />
      {view?.error && view.account === account && <Alert type="error" role="alert" showIcon message={view.error} />}
      {shopper && (
        <>
          <Descriptions
            bordered
            size="small"
            column={3}
            items={[
              { key: 'account', label: t('common.account'), children: shopper.account },
              { key: 'balance', label: t('shoppers.balance'), children: money(shopper.balance, language) },
              { key: 'since', label: t('shoppers.since'), children: dateTime(shopper.createdAt, language) },
            ]}
          />
          {can('finance') && (
            <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('shoppers.adjust')}</h3>} style={{ marginTop: 24 }}>
              {adjustError && (
                <Alert type="error" role="alert" showIcon message={adjustError} style={{ marginBottom: 16 }} />
              )}
              <Form
                form={form}
                layout="inline"
                name="adjust-balance"
                onFinish={async ({ amount, reason }) => {
                  setAdjustError(null);
                  try {
                    await api.post('/api/admin/balance/adjust', {
                      account: shopper.account,
                      amount: centsOf(amount),
                      reason: reason.trim(),
                    });
                    void message.success(t('shoppers.adjusted'));
                    form.resetFields();
                    setTick((n) => n + 1);
                  } catch (failure) {
                    setAdjustError((failure as Error).message);
                  }
                }}
              >
                <Form.Item
                  label={t('shoppers.amount')}
                  name="amount"
                  extra={t('shoppers.amountHelp')}
                  rules={[
                    {
                      required: true,
                      validator: (_rule, value: number | null) =>
                        typeof value === 'number' && centsOf(value) !== 0
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('shoppers.amountRequired'))),
                    },
                  ]}
                >
                  <InputNumber step={0.01} precision={2} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item
                  label={t('decision.reason')}
                  name="reason"
                  rules={[{ required: true, whitespace: true, max: 500, message: t('shoppers.reasonRequired') }]}
                >
                  <Input style={{ width: 320 }} maxLength={500} />
                </Form.Item>
                <Button type="primary" htmlType="submit">
                  {t('shoppers.apply')}
                </Button>
              </Form>
            </Card>
          )}
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
                { title: t('refunds.order'), dataIndex: 'orderId' },
                moneyColumn(t('common.amount'), 'amount', language),
                // i18n-keys: refundState.pending, refundState.agreed, refundState.refused
                { title: t('common.status'), dataIndex: 'state', render: (s: string) => t(`refundState.${s}`) },
                { title: t('refunds.reason'), dataIndex: 'reason' },
                createdColumn(t('common.created'), language),
              ]),
            ]}
          />
        </>
      )}
    </section>
  );
}
