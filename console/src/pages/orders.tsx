import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { moneyColumn, QueueScreen, useServerQueue, useStatusFilter } from './queue-kit';

interface OrderRow {
  id: number;
  orderNo: string;
  status: number;
  shopName: string;
  productTitle: string;
  quantity: number;
  itemCount: number;
  total: number;
}

/** Order status 1: paid, waiting to ship; 2: shipped, on its way. */
const TABS = ['1', '2'] as const;

/** Support: paid orders to ship (carrier and tracking number), shipped ones to mark delivered. */
export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  // i18n-keys: orders.tab1, orders.tab2
  const [tab, tabFilter] = useStatusFilter(TABS, (value) => t(`orders.tab${value}`));
  const [shipping, setShipping] = useState<OrderRow | null>(null);
  const [form] = Form.useForm<{ carrier: string; trackingNo: string }>();
  const { queue, decide } = useServerQueue<OrderRow>('/api/admin/orders', { status: tab });
  const language = i18n.language;

  return (
    <QueueScreen<OrderRow>
      id="orders"
      title={t('nav.toShip')}
      queue={queue}
      filters={tabFilter}
      columns={[
        { title: t('orders.number'), dataIndex: 'orderNo' },
        { title: t('orders.shop'), dataIndex: 'shopName' },
        {
          title: t('orders.items'),
          key: 'items',
          render: (_v, row) => t('orders.itemsText', { title: row.productTitle, count: row.itemCount }),
        },
        moneyColumn(t('common.amount'), 'total', language),
        {
          title: t('common.actions'),
          key: 'actions',
          render: (_v, row) =>
            row.status === 1 ? (
              <Button
                type="primary"
                aria-label={t('orders.shipOne', { number: row.orderNo })}
                onClick={() => setShipping(row)}
              >
                {t('orders.ship')}
              </Button>
            ) : (
              <Button
                aria-label={t('orders.deliveredOne', { number: row.orderNo })}
                onClick={() =>
                  void decide(() => api.post('/api/admin/order/deliver', { id: row.id }), t('orders.deliveredDone'))
                }
              >
                {t('orders.markDelivered')}
              </Button>
            ),
        },
      ]}
    >
      <Modal
        open={shipping !== null}
        title={shipping ? t('orders.shipOne', { number: shipping.orderNo }) : ''}
        okText={t('orders.ship')}
        cancelText={t('common.cancel')}
        onCancel={() => setShipping(null)}
        destroyOnHidden
        onOk={async () => {
          const values = await form.validateFields();
          if (shipping) {
            await decide(
              () =>
                api.post('/api/admin/order/ship', {
                  id: shipping.id,
                  carrier: values.carrier.trim(),
                  trackingNo: values.trackingNo.trim(),
                }),
              t('orders.shipped'),
            );
          }
          setShipping(null);
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            label={t('orders.carrier')}
            name="carrier"
            rules={[{ required: true, whitespace: true, max: 64, message: t('orders.carrierRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            label={t('orders.tracking')}
            name="trackingNo"
            rules={[{ required: true, whitespace: true, max: 64, message: t('orders.trackingRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </QueueScreen>
  );
}
