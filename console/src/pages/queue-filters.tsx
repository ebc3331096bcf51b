import { useState } from 'react';
import { Button, Input, InputNumber, Space } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import Papa from 'papaparse';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../api';

/** The day after `day` (`YYYY-MM-DD`), as the exclusive end of a date range. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

type Params = Record<string, string>;

/** What a table's change says of its sort (any row type). */
interface Sorter {
  order?: SortOrder;
  columnKey?: unknown;
  field?: unknown;
}

/**
 * A queue's search, date range, amount range and column sort, all asked of the server (which pages what
 * they leave): `params` for the queue's call, `controls` beside its title, `onChange` for its table and
 * `sortOrder` for each sortable column (`createdAt`, `amount`).
 */
export const useQueueFilters = (searchLabel: string) => {
  const { t } = useTranslation();
  const [params, setParams] = useState<Params>({});
  const set = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = { ...current };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });
  const cents = (dollars: number | null) => (dollars === null ? undefined : String(Math.round(dollars * 100)));
  const controls = (
    <>
      <Input.Search
        aria-label={searchLabel}
        placeholder={searchLabel}
        allowClear
        onSearch={(value) => set('q', value.trim())}
        style={{ width: 240 }}
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
      <Space.Compact>
        <InputNumber<number>
          aria-label={t('filters.min')}
          placeholder={t('filters.min')}
          min={0}
          precision={2}
          onChange={(value) => set('min', cents(value))}
        />
        <InputNumber<number>
          aria-label={t('filters.max')}
          placeholder={t('filters.max')}
          min={0}
          precision={2}
          onChange={(value) => set('max', cents(value))}
        />
      </Space.Compact>
    </>
  );
  const onChange = (_pagination: unknown, _filters: unknown, sorter: Sorter | Sorter[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? one.field) : undefined;
    setParams((current) => {
      const next = { ...current };
      delete next.sort;
      delete next.order;
      if (field && one?.order) Object.assign(next, { sort: field, order: one.order });
      return next;
    });
  };
  const sortOrder = (key: 'createdAt' | 'amount'): SortOrder =>
    params.sort === key ? (params.order as SortOrder) : params.sort ? null : key === 'createdAt' ? 'descend' : null;
  return { params, controls, onChange, sortOrder };
};

/** Every row the queue's filters leave, a server page of 500 at a time (at most 20,000). */
export const everyRow = async <T,>(api: ApiClient, path: string, params: Params): Promise<T[]> => {
  const rows: T[] = [];
  for (let page = 1; page <= 40; page += 1) {
    const answer = await api.get<{ list: T[]; total: number }>(path, { ...params, page, pageSize: 500 });
    rows.push(...answer.list);
    if (rows.length >= answer.total || answer.list.length === 0) break;
  }
  return rows;
};

/** Saves `rows` as a CSV file (papaparse quotes what needs it; a BOM so spreadsheet apps read UTF-8). */
const downloadCsv = (name: string, rows: Record<string, unknown>[]) => {
  const text = Papa.unparse(rows, { quotes: false, escapeFormulae: true });
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** The "Export CSV" button: `rows` reads what the filters leave, `name` names the file. */
export function ExportButton({ name, rows }: { name: string; rows: () => Promise<Record<string, unknown>[]> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          downloadCsv(name, await rows());
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('filters.export')}
    </Button>
  );
}
