import { Button, InfiniteScroll } from 'antd-mobile';
import { useEffect, useLayoutEffect, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@marketplace/shared/contracts';
import { DeferredPullToRefresh } from './deferred-pull-to-refresh';
import { LoadingDots } from './loading-dots';
import { usePagedList } from './use-paged-list';

export interface PagedListProps<T> {
  /** Pages count from 1. The base query has already toasted a failure; it only needs to reject. */
  loadPage: (page: number) => Promise<Page<T>>;
  renderItem: (item: T, index: number) => ReactNode;
  /** Shown when the first page is empty. */
  empty?: ReactNode;
  pageSize?: number;
  /** Stable key of an item; the index when absent. */
  itemKey?: (item: T, index: number) => Key;
  /** Accessible name of the list. */
  label?: string;
  /**
   * Drawn instead of the list and its footer until the first page has answered (e.g. tile-shaped
   * skeletons). Swapped for the items in the same render, so nothing drawn moves in between.
   */
  placeholder?: ReactNode;
  /** Called once the first page's answer (items, empty or failed) is on screen, in a layout effect; pass a stable function. */
  onFirstPage?: () => void;
}

const DEFAULT_PAGE_SIZE = 20;

/** The one list with pull-to-refresh and infinite loading (requirements §2.5). */
export const PagedList = <T,>({
  loadPage,
  renderItem,
  empty,
  pageSize = DEFAULT_PAGE_SIZE,
  itemKey,
  label,
  placeholder,
  onFirstPage,
}: PagedListProps<T>) => {
  const { t } = useTranslation('common');
  const list = usePagedList(loadPage, pageSize);
  const { items, finished, loading, failed, loadMore, refresh } = list;

  // The first page loads on mount rather than on scroll: a list inside a hidden kept-alive view
  // has no layout, and the infinite scroll would never see it.
  useEffect(() => {
    loadMore().catch(() => undefined);
  }, [loadMore]);

  const answered = items.length > 0 || finished || failed;
  useLayoutEffect(() => {
    if (answered) onFirstPage?.();
  }, [answered, onFirstPage]);

  const footer = () => {
    if (failed) {
      return (
        <span>
          {t('loadFailed')}{' '}
          <Button size="mini" fill="none" color="primary" onClick={() => loadMore().catch(() => undefined)}>
            {t('retry')}
          </Button>
        </span>
      );
    }
    if (finished) return items.length === 0 && empty ? null : <span>{t('noMore')}</span>;
    // Drawn only while a page is on its way: an indicator left in the page between pages kept the main
    // thread repainting for as long as the list stayed open (docs/decisions/0001-idle-page-does-not-paint.md).
    if (!loading) return null;
    return (
      <span>
        {t('loading')}
        <LoadingDots />
      </span>
    );
  };

  return (
    <DeferredPullToRefresh
      onRefresh={refresh}
      texts={{
        pullingText: t('pullToRefresh'),
        canReleaseText: t('releaseToRefresh'),
        refreshingText: t('refreshing'),
        completeText: t('refreshed'),
      }}
    >
      {!answered && placeholder !== undefined ? (
        placeholder
      ) : (
        <>
          {finished && items.length === 0 && empty}
          {items.length > 0 && (
            <ul aria-label={label} aria-busy={loading} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item, index) => (
                <li key={itemKey ? itemKey(item, index) : index}>{renderItem(item, index)}</li>
              ))}
            </ul>
          )}
          <InfiniteScroll loadMore={loadMore} hasMore={!finished && !loading && !failed}>
            {footer()}
          </InfiniteScroll>
        </>
      )}
    </DeferredPullToRefresh>
  );
};
