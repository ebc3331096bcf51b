import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyResponse } from '../start-up/early-fetches';

/**
 * Retries transient failures while loading remotes: a `mf-manifest.json` fetch that fails on the
 * network or answers 408/429/5xx, and a `remoteEntry.js` script that fails to download. A 404 or
 * a script that downloads but throws is not transient and fails at once, so the shell falls back
 * to the last good version without delay.
 *
 * Written here because `@module-federation/retry-plugin` is published for the 0.x runtime only
 * (it pins `@module-federation/sdk` 0.17), not for `@module-federation/enhanced` 2.9.
 */
export interface RetryOptions {
  /** Extra attempts after the first one. */
  retries: number;
  /** Wait before the first retry; doubled for each later one. */
  delayMs: number;
  sleep?(ms: number): Promise<void>;
  fetch?: typeof fetch;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 2, delayMs: 300 };

const TRANSIENT_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isTransientStatus = (status: number): boolean => TRANSIENT_STATUS.has(status);

/** `fetch` that tries again on a network error or a transient status; other answers come back as they are. */
export const fetchWithRetry = async (
  input: string | URL,
  init: RequestInit | undefined,
  { retries, delayMs, sleep = wait, fetch: fetchImpl = (...args) => globalThis.fetch(...args) }: RetryOptions,
): Promise<Response> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetchImpl(input, init);
      if (!isTransientStatus(response.status) || attempt >= retries) return response;
    } catch (error) {
      if (attempt >= retries) throw error;
    }
    await sleep(delayMs * 2 ** attempt);
  }
};

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryError>[0];

export const retryPlugin = (options: RetryOptions = DEFAULT_RETRY): ModuleFederationRuntimePlugin => {
  const sleep = options.sleep ?? wait;
  return {
    name: 'marketplace-retry',
    // A remote's mf-manifest.json that the start-up already requested (start-up/early-fetches) is taken once.
    fetch: (url: string, init: RequestInit) => {
      const early = takeEarlyResponse(url);
      return early
        ? early.then(
            (response) => (response.ok ? response : fetchWithRetry(url, init, options)),
            () => fetchWithRetry(url, init, options),
          )
        : fetchWithRetry(url, init, options);
    },
    // Called by the runtime only for a network failure of the entry script (RUNTIME-008, not a script error).
    // The runtime awaits the result; its declared type nests one Promise more than an async function returns.
    loadEntryError: (async ({
      getRemoteEntry,
      origin,
      remoteInfo,
      remoteEntryExports,
      globalLoading,
      uniqueKey,
    }: LoadEntryErrorArgs) => {
      for (let attempt = 0; attempt < options.retries; attempt += 1) {
        await sleep(options.delayMs * 2 ** attempt);
        // The failed load still occupies the slot; a new attempt must not wait on it.
        delete globalLoading[uniqueKey];
        try {
          const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (exports) return exports;
        } catch {
          // Try again until the attempts run out; the runtime then reports the original failure.
        }
      }
      return undefined;
    }) as unknown as LoadEntryError,
  };
};
