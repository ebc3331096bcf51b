import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Space, Table, Typography, Upload } from 'antd';
import Papa from 'papaparse';
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

interface VariantRow {
  productId: number;
  variantKey: string;
  title: string;
  price: string;
  stock: number;
}
interface RowError {
  row: number;
  msg: string;
}
const CSV_COLUMNS = ['productId', 'variantKey', 'title', 'price', 'stock'] as const;

/** Offers `text` as a file download. */
const download = (text: string, name: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};

const PAGE_SIZE = 20;
const STATUS_BADGES = { draft: 'default', published: 'success', unlisted: 'warning' } as const;

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
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const exportCsv = async () => {
    try {
      const rows = await api.get<VariantRow[]>('/api/seller/variants');
      download(
        Papa.unparse({ fields: [...CSV_COLUMNS], data: rows.map((row) => CSV_COLUMNS.map((c) => row[c])) }),
        'variants.csv',
      );
    } catch (failure) {
      void message.error((failure as Error).message);
    }
  };
  /** The edited file's rows as typed (the header is row 1); the server checks each and applies all or none. */
  const importCsv = async (file: File) => {
    setRowErrors([]);
    const parsed = Papa.parse<Record<string, string>>(await file.text(), { header: true, skipEmptyLines: true });
    const rows = parsed.data.map((row, index) => ({
      row: index + 2,
      productId: row.productId ?? '',
      variantKey: row.variantKey ?? '',
      price: row.price ?? '',
      stock: row.stock ?? '',
    }));
    try {
      await api.post('/api/seller/variants/import', { rows });
      void message.success(t('products.imported'));
    } catch (failure) {
      void message.error((failure as Error).message);
      const answer = (failure as { data?: { errors?: RowError[] } }).data;
      setRowErrors(answer?.errors ?? []);
    } finally {
      load();
    }
  };
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
        <Button onClick={() => void exportCsv()}>{t('products.exportCsv')}</Button>
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void importCsv(file);
            return false;
          }}
        >
          <Button>{t('products.importCsv')}</Button>
        </Upload>
      </Space>
      {rowErrors.length > 0 && (
        <section aria-labelledby="csv-errors">
          <h2 id="csv-errors" style={{ fontSize: 16 }}>
            {t('products.csvErrors')}
          </h2>
          <ul>
            {rowErrors.map((error) => (
              <li key={error.row}>{t('products.csvRow', { row: error.row, reason: error.msg })}</li>
            ))}
          </ul>
        </section>
      )}
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
            render: (status: ListingStatus) => <Badge status={STATUS_BADGES[status]} text={t(`status.${status}`)} />,
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
