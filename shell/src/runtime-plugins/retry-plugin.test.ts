import { fetchWithRetry, retryPlugin } from './retry-plugin';

const noWait = { sleep: jest.fn(async () => undefined) };
const ok = () => new Response('{}', { status: 200 });

describe('MF retry plugin', () => {
  it('fetches again after a network error and a 503, waiting longer each time', async () => {
    const sleep = jest.fn(async () => undefined);
    const fetchImpl = jest
      .fn<Promise<Response>, [string | URL | Request, RequestInit?]>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('busy', { status: 503 }))
      .mockResolvedValueOnce(ok());
    const response = await fetchWithRetry(
      '/mfe/x/mf-manifest.json',
      {},
      {
        retries: 2,
        delayMs: 100,
        sleep,
        fetch: fetchImpl,
      },
    );
    expect(response.status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
  });

  it('does not retry a 404: a missing file is not transient', async () => {
    const fetchImpl = jest.fn(async () => new Response('no', { status: 404 }));
    const response = await fetchWithRetry('/x', {}, { retries: 3, delayMs: 1, ...noWait, fetch: fetchImpl });
    expect(response.status).toBe(404);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('gives up after the allowed retries with the last answer or error', async () => {
    const busy = jest.fn(async () => new Response('busy', { status: 502 }));
    expect((await fetchWithRetry('/x', {}, { retries: 2, delayMs: 1, ...noWait, fetch: busy })).status).toBe(502);
    expect(busy).toHaveBeenCalledTimes(3);
    const down = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchWithRetry('/x', {}, { retries: 1, delayMs: 1, ...noWait, fetch: down })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(down).toHaveBeenCalledTimes(2);
  });

  it('reloads a remote entry that failed to download, freeing the slot of the failed load first', async () => {
    const plugin = retryPlugin({ retries: 2, delayMs: 1, ...noWait });
    const exports = { get: jest.fn(), init: jest.fn() };
    const globalLoading: Record<string, Promise<unknown> | undefined> = { key: Promise.resolve() };
    const getRemoteEntry = jest
      .fn()
      .mockImplementationOnce(async () => {
        expect(globalLoading.key).toBeUndefined();
        throw new Error('RUNTIME-008');
      })
      .mockResolvedValueOnce(exports);
    const args = { getRemoteEntry, origin: {}, remoteInfo: { name: 'mfe_wallet' }, globalLoading, uniqueKey: 'key' };
    const result = await (plugin.loadEntryError as unknown as (a: typeof args) => Promise<unknown>)(args);
    expect(result).toBe(exports);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it('reports nothing recovered when every retry of the entry fails', async () => {
    const plugin = retryPlugin({ retries: 2, delayMs: 1, ...noWait });
    const getRemoteEntry = jest.fn(async () => {
      throw new Error('RUNTIME-008');
    });
    const args = { getRemoteEntry, origin: {}, remoteInfo: {}, globalLoading: {}, uniqueKey: 'key' };
    await expect(
      (plugin.loadEntryError as unknown as (a: typeof args) => Promise<unknown>)(args),
    ).resolves.toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });
});
