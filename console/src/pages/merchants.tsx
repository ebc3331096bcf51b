import { Alert, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../queues';
import { useSession } from '../session';
import { RefreshButton, usePaged, type PageOf } from './queue-kit';

interface Application {
  id: number;
  account: string;
  shopName: string;
  contact: string;
  note: string;
  createdAt: string;
}

/** Support: merchant applications, newest first (the seller platform takes them further). */
export default function MerchantsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const queue = usePaged<Application>(
    (page, pageSize) => api.get<PageOf<Application>>('/api/admin/merchant_applications', { page, pageSize }),
    [],
  );
  return (
    <section aria-labelledby="merchants-title">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="merchants-title" style={{ margin: 0 }}>
          {t('nav.merchants')}
        </Typography.Title>
        <RefreshButton onClick={queue.reload} />
      </Flex>
      {queue.error && <Alert type="error" role="alert" showIcon message={queue.error} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{t('common.total', { count: queue.data.total })}</Typography.Paragraph>
      <Table<Application>
        rowKey="id"
        loading={queue.loading}
        dataSource={queue.data.list}
        pagination={queue.pagination}
        columns={[
          { title: t('common.account'), dataIndex: 'account' },
          { title: t('merchants.shop'), dataIndex: 'shopName' },
          { title: t('merchants.contact'), dataIndex: 'contact' },
          { title: t('merchants.note'), dataIndex: 'note' },
          { title: t('common.created'), dataIndex: 'createdAt', render: (iso: string) => dateTime(iso, i18n.language) },
        ]}
      />
    </section>
  );
}
