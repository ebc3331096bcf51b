/// <reference lib="webworker" />
/**
 * The app's service worker (docs/decisions/0005-installable-offline.md), built by `build.mjs` after the shell: esbuild bundles this file,
 * Workbox's injectManifest writes the shell's files into `self.__WB_MANIFEST`, so every shell build
 * is a new worker (the update prompt).
 *
 * Online it stays out of the way: pages go to the network first (their copy is used only when the
 * network fails) and nothing else is answered by the worker, so the shell's files, API calls, remotes
 * and pictures load exactly as without it. The shell's files are precached but served from there only
 * while the network is gone: online the browser's own HTTP cache has them too. Answered from the
 * precache, a repeat visit with the worker in control scored 82-83 in Lighthouse against 96-99 for
 * the same warm visit without it (TBT ~700 against ~120 ms, script parse and compile 532 against 92 ms:
 * the scripts apparently lost V8's code cache); passed through, 95 against 92-93 (3 runs each on busy
 * shared cores, tools/bench-lighthouse.mjs). Once the network is gone (a page failed to load, or the app says so) the files it was
 * told about (`CACHE_URLS`) are served from its caches: the deployed remote versions (only those of the
 * live manifest), the deployment manifest, the shell's language files and pictures. API answers are
 * never kept here (the page keeps what it may, shared/src/api/last-seen.ts): no token, no money.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import {
  CACHE_NAMES,
  MAX_PAGES,
  MAX_PICTURES,
  MAX_REMOTE_FILES,
  MAX_SHELL_LOCALE_FILES,
  cacheRuleFor,
  keepsRemoteFile,
  liveVersionFolders,
  type CacheRule,
} from '../src/service-worker/cache-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The page shown offline for a path never visited: the shell's own index.html (precached). */
const OFFLINE_PAGE = '/index.html';

/** Whether the network is gone, as last seen by a page load here or reported by the app. */
let networkDown = false;

const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

const trackNetwork: WorkboxPlugin = {
  fetchDidFail: async () => {
    networkDown = true;
  },
  fetchDidSucceed: async ({ response }) => {
    networkDown = false;
    return response;
  },
};

const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  // The page's HTML varies by cookie and language only in decoration (the first-paint texts).
  matchOptions: { ignoreVary: true },
  plugins: [
    trackNetwork,
    onlyOk,
    new ExpirationPlugin({ maxEntries: MAX_PAGES }),
    { handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE)) ?? undefined },
  ],
});

/** A fresh deployment manifest removes every cached file of a version it no longer makes live. */
const followLiveManifest: WorkboxPlugin = {
  cacheDidUpdate: async ({ newResponse }) => {
    let manifest: unknown;
    try {
      manifest = await newResponse.clone().json();
    } catch {
      return;
    }
    const live = liveVersionFolders(manifest as Parameters<typeof liveVersionFolders>[0], self.location.origin);
    if (live.size === 0) return;
    const cache = await caches.open(CACHE_NAMES.remotes);
    const stale = (await cache.keys()).filter((request) => !keepsRemoteFile(new URL(request.url).pathname, live));
    await Promise.all(stale.map((request) => cache.delete(request)));
  },
};

const remoteFiles = new ExpirationPlugin({ maxEntries: MAX_REMOTE_FILES, purgeOnQuotaError: true });
const STRATEGIES: Record<string, Strategy> = {
  'deployment/network-first': new NetworkFirst({
    cacheName: CACHE_NAMES.deployment,
    plugins: [onlyOk, followLiveManifest],
  }),
  'remotes/network-first': new NetworkFirst({ cacheName: CACHE_NAMES.remotes, plugins: [onlyOk, remoteFiles] }),
  'remotes/cache-first': new CacheFirst({ cacheName: CACHE_NAMES.remotes, plugins: [onlyOk, remoteFiles] }),
  'pictures/stale-while-revalidate': new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.pictures,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: MAX_PICTURES, purgeOnQuotaError: true })],
  }),
  'shellLocales/cache-first': new CacheFirst({
    cacheName: CACHE_NAMES.shellLocales,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: MAX_SHELL_LOCALE_FILES })],
  }),
};

const strategyFor = (rule: CacheRule): Strategy | undefined => STRATEGIES[`${rule.kind}/${rule.strategy}`];

const ruleOf = (url: URL): CacheRule | null =>
  url.origin === self.location.origin ? cacheRuleFor(url.pathname) : null;

registerRoute(({ request }) => request.mode === 'navigate', pages);
// The shell's content-hashed files (and index.html for offline) are kept at install; answered from
// there only while the network is gone (see above), else the browser loads them as without a worker.
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  ({ url, request }) =>
    networkDown &&
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    getCacheKeyForURL(url.href) !== undefined,
  async ({ url, request }) => (await matchPrecache(url.href)) ?? fetch(request),
);

// Only while the network is gone: online these requests go to the server untouched.
registerRoute(
  ({ url, request }) => networkDown && request.method === 'GET' && ruleOf(url) !== null,
  async (options) => {
    const rule = ruleOf(options.url);
    const strategy = rule && strategyFor(rule);
    return strategy ? strategy.handle(options) : fetch(options.request);
  },
);

interface AppMessage {
  type?: string;
  reachable?: boolean;
  payload?: { urlsToCache?: unknown };
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = (event.data ?? {}) as AppMessage;
  if (message.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  } else if (message.type === 'NETWORK') {
    networkDown = message.reachable === false;
  } else if (message.type === 'CACHE_URLS' && Array.isArray(message.payload?.urlsToCache)) {
    // Files the app loaded (before this worker was there, or beside it): kept by their rule.
    const urls = message.payload.urlsToCache.filter((url): url is string => typeof url === 'string');
    event.waitUntil(
      Promise.all(
        urls.map(async (href) => {
          const url = new URL(href, self.location.origin);
          const rule = ruleOf(url);
          const strategy = rule && strategyFor(rule);
          if (!strategy) return;
          try {
            await strategy.handle({ event, request: new Request(url.href, { credentials: 'same-origin' }) });
          } catch {
            // Not reachable now: kept the next time the app asks.
          }
        }),
      ),
    );
  }
});

self.addEventListener('activate', (event) => {
  // Pages kept by an earlier shell name that shell's files; this worker's shell starts afresh.
  event.waitUntil(caches.delete(CACHE_NAMES.pages).then(() => undefined));
});
