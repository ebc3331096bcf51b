import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '@marketplace/shared/contracts';

interface PagedListState<T> {
  items: T[];
  /** The last page holds the last item: nothing more to load. */
  finished: boolean;
  loading: boolean;
  failed: boolean;
}

export interface PagedList<T> extends PagedListState<T> {
  /** Loads the next page, unless finished or a load is under way. */
  loadMore: () => Promise<void>;
  /** Starts again from page 1. */
  refresh: () => Promise<void>;
}

const isLastPage = <T>(page: Page<T>, loadedCount: number, pageSize: number): boolean =>
  page.list.length === 0 || page.list.length < pageSize || loadedCount >= page.total;

/**
 * Requirements §2.5: lists load only when not finished and not loading. The guard lives in refs so
 * two triggers in the same tick (scroll and mount) cannot both start a load.
 */
export const usePagedList = <T>(loadPage: (page: number) => Promise<Page<T>>, pageSize: number): PagedList<T> => {
  const [state, setState] = useState<PagedListState<T>>({ items: [], finished: false, loading: false, failed: false });
  const nextPage = useRef(1);
  const loading = useRef(false);
  const finished = useRef(false);
  /** Items loaded so far (the state's count once the transition below has rendered). */
  const itemCount = useRef(0);
  // A refresh started while a page was loading wins; the older answer is dropped.
  const generation = useRef(0);
  const loadPageRef = useRef(loadPage);
  useEffect(() => {
    loadPageRef.current = loadPage;
  }, [loadPage]);

  const load = useCallback(
    async (fromStart: boolean) => {
      if (!fromStart && (loading.current || finished.current)) return;
      const run = ++generation.current;
      const page = fromStart ? 1 : nextPage.current;
      loading.current = true;
      setState((s) => ({ ...s, loading: true, failed: false }));
      try {
        const result = await loadPageRef.current(page);
        if (run !== generation.current) return;
        // The page's items render as a transition: React draws them in slices that yield to the
        // shopper's input instead of one long task (a page of tiles is most of a screen's render).
        const loadedCount = (fromStart ? 0 : itemCount.current) + result.list.length;
        finished.current = isLastPage(result, loadedCount, pageSize);
        itemCount.current = loadedCount;
        startTransition(() => {
          setState((s) => ({
            items: fromStart ? result.list : [...s.items, ...result.list],
            finished: finished.current,
            loading: false,
            failed: false,
          }));
        });
        nextPage.current = page + 1;
      } catch (error) {
        if (run !== generation.current) return;
        setState((s) => ({ ...s, loading: false, failed: true }));
        throw error;
      } finally {
        if (run === generation.current) loading.current = false;
      }
    },
    [pageSize],
  );

  const loadMore = useCallback(() => load(false), [load]);
  const refresh = useCallback(() => load(true), [load]);
  return { ...state, loadMore, refresh };
};
