import { useCallback, useEffect, useState } from 'react';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { formatMoney } from '@marketplace/shared/contracts/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session';

export type ListingStatus = 'draft' | 'published' | 'unlisted';

interface ListingRow {
  id: number;
  title: string;
  status: ListingStatus;
  unitPrice: number;
  maxPrice: number;
  stock: number;
  sold: number;
}

const PAGE_SIZE = 20;
const STATUS_COLOURS: Record<ListingStatus, string> = { draft: 'default', published: 'green', unlisted: 'orange' };

/** The shop's listings (docs/decisions/0012-variants-and-stock.md): edit, duplicate, publish or unlist each. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ list: ListingRow[]; total: number } | null>(null);
  const load = useCallback(() => {
    void api
      .get<{ list: ListingRow[]; total: number }>('/api/seller/products', { page, pageSize: PAGE_SIZE })
      .then(setRows);
  }, [api, page]);
  useEffect(load, [load]);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      void message.success(t('products.saved'));
    } catch (failure) {
      void message.error((failure as Error).message);
    } finally {
      load();
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('nav.products')}
      </Typography.Title>
      <Space wrap>
        <Button type="primary" onClick={() => void navigate('/products/new')}>
          {t('products.new')}
        </Button>
      </Space>
      <Table<ListingRow>
        rowKey="id"
        loading={!rows}
        dataSource={rows?.list ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: t('products.title'),
            dataIndex: 'title',
            render: (title: string) => title || t('products.untitled'),
          },
          {
            title: t('products.status'),
            dataIndex: 'status',
            // i18n-keys: status.draft, status.published, status.unlisted
            render: (status: ListingStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`status.${status}`)}</Tag>,
          },
          {
            title: t('products.price'),
            key: 'price',
            render: (_v, row) =>
              row.unitPrice === row.maxPrice
                ? money(row.unitPrice)
                : t('products.priceRange', { from: money(row.unitPrice), to: money(row.maxPrice) }),
          },
          { title: t('products.stock'), dataIndex: 'stock' },
          {
            title: t('products.actions'),
            key: 'actions',
            render: (_v, row) => {
              const title = row.title || t('products.untitled');
              return (
                <Space wrap size="small">
                  <Button
                    size="small"
                    aria-label={t('products.editOne', { title })}
                    onClick={() => void navigate(`/products/${row.id}`)}
                  >
                    {t('products.edit')}
                  </Button>
                  <Button
                    size="small"
                    aria-label={t('products.duplicateOne', { title })}
                    onClick={() => void act(() => api.post('/api/seller/product/duplicate', { id: row.id }))}
                  >
                    {t('products.duplicate')}
                  </Button>
                  {row.status === 'published' ? (
                    <Button
                      size="small"
                      aria-label={t('products.unlistOne', { title })}
                      onClick={() =>
                        void act(() => api.post('/api/seller/product/status', { id: row.id, status: 'unlisted' }))
                      }
                    >
                      {t('products.unlist')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      type="primary"
                      aria-label={t('products.publishOne', { title })}
                      onClick={() =>
                        void act(() => api.post('/api/seller/product/status', { id: row.id, status: 'published' }))
                      }
                    >
                      {t('products.publish')}
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </Space>
  );
}
