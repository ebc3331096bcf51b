import { Workbox } from 'workbox-window';
import { onConnectionChange, connectionState } from '../network/connection-state';
import { cacheRuleFor } from './cache-rules';
import { offerUpdate } from './update';
import { prefersLessData } from '../network/data-saver';

const UPDATE_CHECK_MS = 60 * 60 * 1000;
const BATCH_MS = 2_000;

/** Same-origin files the worker keeps (cache-rules.ts); pictures not on a data-saving connection. */
const keptUrl = (href: string): string | null => {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const rule = cacheRuleFor(url.pathname);
  if (!rule || (rule.kind === 'pictures' && prefersLessData())) return null;
  return url.href;
};

/**
 * Registers the service worker (shell/service-worker/sw.ts) after the first screen and keeps it
 * told: which of the app's files to keep (those the page loaded, as Workbox's CACHE_URLS), whether the
 * network is there, and, when a new version is waiting, applies it on "Update" or the next navigation.
 */
export const startServiceWorker = async (): Promise<void> => {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  wb.addEventListener('waiting', () => {
    offerUpdate(() => {
      wb.addEventListener('controlling', reload);
      wb.addEventListener('activated', (event) => {
        if (event.isUpdate || event.isExternal) reload();
      });
      wb.messageSkipWaiting();
    });
  });
  const registration = await wb.register();
  if (!registration) return;
  const ready = await navigator.serviceWorker.ready;
  const post = (message: unknown) => ready.active?.postMessage(message);

  post({ type: 'NETWORK', reachable: !connectionState().offline });
  onConnectionChange((online) => post({ type: 'NETWORK', reachable: online }));

  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (pending.size === 0 || connectionState().offline) return;
    post({ type: 'CACHE_URLS', payload: { urlsToCache: [...pending] } });
    pending.clear();
  };
  const collect = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      const url = keptUrl(entry.name);
      if (url) pending.add(url);
    }
    timer ??= setTimeout(flush, BATCH_MS);
  };
  collect(performance.getEntriesByType('resource'));
  new PerformanceObserver((list) => collect(list.getEntries())).observe({ type: 'resource' });

  // A new version's install downloads its files ahead of use: not while the connection asks for less data.
  setInterval(() => {
    if (!prefersLessData()) void registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
};
