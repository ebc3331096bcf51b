import { act, render } from '@testing-library/react';
import { Profiler, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import type { Page } from '@marketplace/shared/contracts';
import { createAppStore } from '../session/store';
import { envelope, fakeFetch, jsonResponse } from '../testing/fake-server';
import { api } from './api';
import { usePageLoader } from './use-page-loader';

const pagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProbePages: build.query<Page<string>, { page: number; pageSize: number }>({
      query: (params) => ({ url: '/probe/pages', params }),
      // A page nobody subscribes to is dropped after 20 ms, so the test can see who still holds one.
      keepUnusedDataFor: 0.02,
    }),
  }),
});

const pageOf = (page: number): Page<string> => ({ list: [`item ${page}`], total: 9, page, pageSize: 1 });

const cachedArgs = (store: ReturnType<typeof createAppStore>) =>
  Object.values(store.getState().api.queries).map((entry) => entry?.originalArgs);

describe('usePageLoader', () => {
  afterEach(() => jest.restoreAllMocks());

  it('loads pages afresh without re-rendering its component, and keeps only the last page subscribed', async () => {
    const { requests } = fakeFetch((request) =>
      jsonResponse(envelope(pageOf(Number(new URL(request.url).searchParams.get('page'))))),
    );
    const store = createAppStore();
    let load: ((arg: { page: number; pageSize: number }) => Promise<Page<string>>) | undefined;
    let renders = 0;
    const Loader = () => {
      load = usePageLoader(pagesApi.endpoints.listProbePages);
      return null;
    };
    const view = render(
      <Provider store={store}>
        <Profiler id="loader" onRender={() => (renders += 1)}>
          <Loader />
        </Profiler>
      </Provider>,
    );
    const rendersAtStart = renders;

    let first: Page<string> | undefined;
    let again: Page<string> | undefined;
    await act(async () => {
      first = await load?.({ page: 1, pageSize: 1 });
      await load?.({ page: 2, pageSize: 1 });
      again = await load?.({ page: 1, pageSize: 1 });
    });
    expect(first?.list).toEqual(['item 1']);
    expect(again?.list).toEqual(['item 1']);
    // Asked afresh each time, as the lazy query's trigger does: three requests, none from the cache.
    expect(requests.map((request) => new URL(request.url).searchParams.get('page'))).toEqual(['1', '2', '1']);
    expect(renders).toBe(rendersAtStart);

    // Page 2 lost its subscriber when page 1 was asked again, so RTK Query dropped it; page 1 stays
    // while the component is there, and goes once it left.
    const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    await pause();
    expect(cachedArgs(store)).toEqual([{ page: 1, pageSize: 1 }]);
    view.unmount();
    await pause();
    expect(cachedArgs(store)).toEqual([]);
  });

  it('hands a failed page to the caller as a rejection', async () => {
    fakeFetch(() => jsonResponse(envelope(null, 0, 'Too many requests'), 200));
    const store = createAppStore();
    const outcome: string[] = [];
    const Loader = () => {
      const load = usePageLoader(pagesApi.endpoints.listProbePages);
      const [asked, setAsked] = useState(false);
      useEffect(() => {
        if (asked) return;
        setAsked(true);
        load({ page: 1, pageSize: 1 }).then(
          () => outcome.push('resolved'),
          () => outcome.push('rejected'),
        );
      }, [asked, load]);
      return null;
    };
    render(
      <Provider store={store}>
        <Loader />
      </Provider>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(outcome).toEqual(['rejected']);
  });
});
