import { act, renderHook, waitFor } from '@testing-library/react';
import type { Page } from '@marketplace/shared/contracts';
import { usePagedList } from './use-paged-list';

const pageOf = (page: number, list: number[], total: number): Page<number> => ({ list, total, page, pageSize: 2 });

/** A fake server holding five items, two per page. */
const fiveItems = () =>
  jest.fn(async (page: number) => {
    const all = [1, 2, 3, 4, 5];
    return pageOf(page, all.slice((page - 1) * 2, page * 2), all.length);
  });

describe('usePagedList (requirements §2.5: lists)', () => {
  it('loads page after page and stops once finished', async () => {
    const loadPage = fiveItems();
    const { result } = renderHook(() => usePagedList(loadPage, 2));
    for (let i = 0; i < 3; i += 1) await act(() => result.current.loadMore());
    expect(result.current.items).toEqual([1, 2, 3, 4, 5]);
    expect(result.current.finished).toBe(true);

    await act(() => result.current.loadMore());
    expect(loadPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it('does not load again while a load is under way', async () => {
    let answer: (page: Page<number>) => void = () => undefined;
    const loadPage = jest.fn(() => new Promise<Page<number>>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => usePagedList(loadPage, 2));
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.loadMore();
      void result.current.loadMore();
    });
    expect(result.current.loading).toBe(true);
    expect(loadPage).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer(pageOf(1, [1, 2], 5));
      await first;
    });
    expect(result.current.loading).toBe(false);
    expect(result.current.items).toEqual([1, 2]);
  });

  it('restarts from page 1 on refresh, replacing the items', async () => {
    const loadPage = fiveItems();
    const { result } = renderHook(() => usePagedList(loadPage, 2));
    await act(() => result.current.loadMore());
    await act(() => result.current.loadMore());
    expect(result.current.items).toEqual([1, 2, 3, 4]);

    await act(() => result.current.refresh());
    expect(loadPage).toHaveBeenLastCalledWith(1);
    expect(result.current.items).toEqual([1, 2]);
    await act(() => result.current.loadMore());
    expect(loadPage).toHaveBeenLastCalledWith(2);
  });

  it('marks a failed load and tries the same page again next time', async () => {
    const loadPage = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(pageOf(1, [1], 1));
    const { result } = renderHook(() => usePagedList<number>(loadPage, 2));
    await act(() => expect(result.current.loadMore()).rejects.toThrow('offline'));
    expect(result.current.failed).toBe(true);
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual([1]));
    expect(loadPage.mock.calls).toEqual([[1], [1]]);
    expect(result.current.finished).toBe(true);
  });
});
