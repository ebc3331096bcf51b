import { Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { money } from '../queues';
import { useSession } from '../session';
import { ShopperLink, usePaged } from './queue-kit';
import ShopperDetail from './shopper-detail';

interface DirectoryEntry {
  id: number;
  account: string;
  email: string;
  mobile: string;
  name: string;
  vipLevel: number;
  balance: number;
  frozen: boolean;
}

/**
 * The shopper directory: search by part of the account, e-mail or phone, newest first, paged on the server;
 * a shopper's page at `?account=` (the queues link there).
 */
export default function ShoppersPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [search] = useSearchParams();
  const [q, setQ] = useState('');
  const account = search.get('account');
  const directory = usePaged<DirectoryEntry>(
    (page, pageSize) => api.get('/api/admin/shoppers', { q, page, pageSize }),
    [q],
  );
  if (account) return <ShopperDetail account={account} />;
  return (
    <section aria-labelledby="shoppers-title">
      <Typography.Title level={2} id="shoppers-title">
        {t('nav.shoppers')}
      </Typography.Title>
      <Input.Search
        aria-label={t('shoppers.search')}
        placeholder={t('shoppers.search')}
        enterButton={t('shoppers.find')}
        allowClear
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={(value) => setQ(value.trim())}
      />
      <Typography.Paragraph type="secondary">{t('common.total', { count: directory.data.total })}</Typography.Paragraph>
      <Table<DirectoryEntry>
        rowKey="id"
        loading={directory.loading}
        dataSource={directory.data.list}
        pagination={directory.pagination}
        columns={[
          {
            title: t('common.account'),
            dataIndex: 'account',
            render: (value: string) => <ShopperLink account={value} />,
          },
          { title: t('shoppers.name'), dataIndex: 'name' },
          { title: t('shoppers.email'), dataIndex: 'email' },
          { title: t('shoppers.mobile'), dataIndex: 'mobile' },
          { title: t('shoppers.vip'), dataIndex: 'vipLevel' },
          {
            title: t('shoppers.balance'),
            dataIndex: 'balance',
            align: 'right',
            render: (cents: number) => money(cents, i18n.language),
          },
          {
            title: t('common.status'),
            dataIndex: 'frozen',
            render: (frozen: boolean) =>
              frozen ? <Tag color="red">{t('shoppers.frozen')}</Tag> : t('shoppers.active'),
          },
        ]}
      />
    </section>
  );
}
