import { useCallback, useEffect, useRef, useState, type DependencyList, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Segmented, Space, Table, Typography, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { decidedByOf } from '../api';
import { dateTime, money } from '../queues';
import { DecisionDialog, type DecisionFacts } from './decision-dialog';
import { useSession } from '../session';

interface PageOf<T> {
  list: T[];
  total: number;
}

/** One page of a queue: loads on change of page, size or `deps`; `reload` after a decision. */
export const usePaged = <T,>(load: (page: number, pageSize: number) => Promise<PageOf<T>>, deps: DependencyList) => {
  const key = JSON.stringify(deps);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [filtersKey, setFiltersKey] = useState(key);
  // A new filter starts again from page 1 (state adjusted while rendering, before any request).
  if (filtersKey !== key) {
    setFiltersKey(key);
    setPage(1);
  }
  const [data, setData] = useState<PageOf<T>>({ list: [], total: 0 });
  const [settled, setSettled] = useState<{ request: string; error: string | null }>({ request: '', error: null });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const request = `${key}|${page}|${pageSize}|${tick}`;
  useEffect(() => {
    let live = true;
    loadRef.current(page, pageSize).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setSettled({ request, error: null });
      },
      (failure: Error) => {
        if (live) setSettled({ request, error: failure.message });
      },
    );
    return () => {
      live = false;
    };
  }, [request, page, pageSize]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return {
    data,
    loading: settled.request !== request,
    error: settled.error,
    reload,
    pagination: {
      current: page,
      pageSize,
      total: data.total,
      showSizeChanger: true,
      onChange: (next: number, size: number) => {
        setPage(size === pageSize ? next : 1);
        setPageSize(size);
      },
    },
  };
};

/**
 * A queue the server pages: `path` asked with `params` and the page (a changed param starts again from
 * page 1), and `decide` (`useDecision`), which reloads it.
 */
export const useServerQueue = <T,>(path: string, params: Record<string, string> = {}) => {
  const { api } = useSession();
  const queue = usePaged<T>(
    (page, pageSize) => api.get<PageOf<T>>(path, { ...params, page, pageSize }),
    [JSON.stringify(params)],
  );
  return { queue, decide: useDecision(queue.reload) };
};

/** A queue the server answers whole (at most a few hundred items at once): the table pages it. */
export const useWholeQueue = <T,>(path: string) => {
  const { api } = useSession();
  return usePaged<T>(async () => {
    const list = await api.get<T[]>(path);
    return { list, total: list.length };
  }, [path]);
};

/** What `usePaged` gives a queue screen. */
type Paged<T> = ReturnType<typeof usePaged<T>>;

/**
 * A queue screen: its title with the filters and the refresh button beside it, the queue's error, its total
 * and its table (one row a `T`, keyed by id, paged by the queue unless `pagination` says otherwise);
 * `children` follow the table (the screen's dialogs).
 */
export function QueueScreen<T extends object>({
  id,
  title,
  queue,
  filters,
  before,
  children,
  ...table
}: {
  id: string;
  title: string;
  queue: Paged<T>;
  filters?: ReactNode;
  /** What stands between the title and the table (the queue's tabs). */
  before?: ReactNode;
  children?: ReactNode;
} & Omit<TableProps<T>, 'rowKey' | 'loading' | 'dataSource' | 'children' | 'id' | 'title'>) {
  const { t } = useTranslation();
  const refresh = <RefreshButton onClick={queue.reload} />;
  return (
    <section aria-labelledby={`${id}-title`}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id={`${id}-title`} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {filters ? (
          <Space wrap>
            {filters}
            {refresh}
          </Space>
        ) : (
          refresh
        )}
      </Flex>
      {before}
      {queue.error && <Alert type="error" role="alert" showIcon message={queue.error} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{t('common.total', { count: queue.data.total })}</Typography.Paragraph>
      <Table<T>
        rowKey="id"
        loading={queue.loading}
        dataSource={queue.data.list}
        pagination={queue.pagination}
        {...table}
      />
      {children}
    </section>
  );
}

/**
 * A queue's status filter, starting at `values[0]`: the value chosen, and the segments to show (one a value,
 * named by `label`) beside the queue's title.
 */
export const useStatusFilter = <V extends string>(values: readonly [V, ...V[]], label: (value: V) => string) => {
  const { t } = useTranslation();
  const [value, setValue] = useState<V>(values[0]);
  const filter = (
    <Segmented<V>
      aria-label={t('common.statusFilter')}
      value={value}
      onChange={setValue}
      options={values.map((each) => ({ value: each, label: label(each) }))}
    />
  );
  return [value, filter] as const;
};

/** A column of integer cents shown as money in the console's `language`, right-aligned. */
export const moneyColumn = <T,>(title: string, dataIndex: string, language: string): ColumnType<T> => ({
  title,
  dataIndex,
  align: 'right',
  render: (cents: number) => money(cents, language),
});

/** The row's `createdAt`, as a date and time in the console's `language`. */
export const createdColumn = <T,>(title: string, language: string): ColumnType<T> => ({
  title,
  dataIndex: 'createdAt',
  render: (iso: string) => dateTime(iso, language),
});

/**
 * Runs a decision; a refusal is shown (someone else's earlier decision names who and when), and the
 * queue reloads either way so the item shows its real state.
 */
export const useDecision = (reload: () => void) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return useCallback(
    async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await work();
        void message.success(done);
        return true;
      } catch (failure) {
        // Someone else's earlier decision: the server's refusal word for word names who and when.
        const decided = decidedByOf(failure);
        const show = decided ? modal.warning : modal.error;
        show({
          title: decided ? (failure as Error).message : t('decision.refused'),
          content: decided ? t('decision.refreshed') : (failure as Error).message,
        });
        return false;
      } finally {
        reload();
      }
    },
    [message, modal, reload, t],
  );
};

/** How a queue words one row's decision in its confirmation. */
interface RowDecisionWords<T> {
  /** What is decided, restated: shopper, amount, method, destination. */
  facts: (row: T) => DecisionFacts;
  /** The confirmation's title for approving / refusing `row`. */
  title: (row: T, agree: boolean) => string;
  /** The confirmation's button for approving (refusing says "Refuse"). */
  approveText: string;
}

/**
 * Approving or refusing one queue row, each after a confirmation that restates the row's facts (a refusal
 * with its reason): `send` posts the decision, `done` words it once made, `after` runs once it was made or
 * refused (the screen's drawer closes). The screen shows `dialog` after its table.
 */
export const useRowDecision = <T,>(
  decide: ReturnType<typeof useDecision>,
  send: (row: T, agree: boolean, reason: string) => Promise<unknown>,
  done: (agree: boolean) => string,
  words: RowDecisionWords<T>,
  after?: () => void,
) => {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ row: T; agree: boolean } | null>(null);
  const close = () => setPending(null);
  return {
    approve: (row: T) => setPending({ row, agree: true }),
    refuse: (row: T) => setPending({ row, agree: false }),
    dialog: (
      <DecisionDialog
        open={pending !== null}
        agree={pending?.agree ?? true}
        title={pending ? words.title(pending.row, pending.agree) : ''}
        okText={pending?.agree === false ? t('decision.refuse') : words.approveText}
        facts={pending ? words.facts(pending.row) : null}
        onCancel={close}
        onConfirm={async (reason) => {
          if (!pending) return;
          await decide(() => send(pending.row, pending.agree, reason), done(pending.agree));
          close();
          after?.();
        }}
      />
    ),
  };
};

/** A row's two decisions, each named for the row's `number`: approve (`approve`, `approveOne`) and refuse. */
export function DecisionButtons({
  number,
  approve,
  approveOne,
  onApprove,
  onRefuse,
}: {
  number: string | number;
  approve: string;
  approveOne: string;
  onApprove: () => void;
  onRefuse: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" aria-label={approveOne} onClick={onApprove}>
        {approve}
      </Button>
      <Button danger aria-label={t('decision.refuseOne', { number })} onClick={onRefuse}>
        {t('decision.refuse')}
      </Button>
    </Space>
  );
}

/** A picture only an operator may open, loaded with the session (blob URL), large. */
export function ProtectedPicture({
  uploadId,
  alt,
  load,
  width = '100%',
}: {
  uploadId: string;
  alt: string;
  load: (id: string) => Promise<string>;
  width?: number | string;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    load(uploadId).then(
      (objectUrl) => {
        made = objectUrl;
        if (live) setUrl(objectUrl);
        else URL.revokeObjectURL(objectUrl);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [uploadId, load]);
  if (failed) return <span role="status">{t('common.pictureFailed')}</span>;
  if (!url) return <span role="status">{t('common.loading')}</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer" aria-label={t('common.openPicture', { alt })}>
      <img src={url} alt={alt} style={{ width, maxWidth: '100%', border: '1px solid #d9d9d9', borderRadius: 8 }} />
    </a>
  );
}

/** A shopper's account, a link to their page in the directory. */
export function ShopperLink({ account }: { account: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/shoppers?account=${encodeURIComponent(account)}`} aria-label={t('shoppers.open', { account })}>
      {account}
    </Link>
  );
}

export function RefreshButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return <Button onClick={onClick}>{t('common.refresh')}</Button>;
}
