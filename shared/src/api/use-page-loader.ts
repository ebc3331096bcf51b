import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch } from '../session/store';

/** What a list endpoint's `initiate` gives back once dispatched (RTK Query's QueryActionCreatorResult). */
interface PageRequest<Result> {
  unwrap(): Promise<Result>;
  unsubscribe(): void;
}

interface ListEndpoint<Arg, Result> {
  initiate(
    arg: Arg,
    options: { forceRefetch: boolean },
  ): ThunkAction<PageRequest<Result>, unknown, unknown, UnknownAction>;
}

/**
 * The page loader of a paged list (`usePagedList`), from an RTK Query endpoint: asks for a page
 * afresh, keeps the last page's cache entry subscribed while the component is on screen, as
 * `useLazy…Query` does, but does not re-render the component on each request's progress. The lazy
 * hook holds its last argument and result as state: every page asked for re-rendered the whole
 * screen above the list (on Home: categories, hot shops and every loaded product tile) in one
 * synchronous render, besides the list's own time-sliced update.
 */
export const usePageLoader = <Arg, Result>(endpoint: ListEndpoint<Arg, Result>): ((arg: Arg) => Promise<Result>) => {
  const dispatch = useAppDispatch();
  const last = useRef<PageRequest<Result> | undefined>(undefined);
  useEffect(
    () => () => {
      last.current?.unsubscribe();
      last.current = undefined;
    },
    [],
  );
  return useCallback(
    (arg: Arg) => {
      last.current?.unsubscribe();
      const request = dispatch(endpoint.initiate(arg, { forceRefetch: true }));
      last.current = request;
      return request.unwrap();
    },
    [dispatch, endpoint],
  );
};
