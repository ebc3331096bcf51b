import {
  createAppStore,
  detectInitialLanguage,
  languageChanged,
  onUnauthorized,
  registerReactCopy,
  selectLang,
  sessionCleared,
} from '@marketplace/shared';
import { findLanguage } from '@marketplace/shared/contracts/core';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n/init-i18n';
import { followSessionLanguage } from './i18n/sync-language';
import { followConnection } from './network/connection-state';
import { whenDataIsCheap } from './network/data-saver';
import { fetchDeploymentManifest } from './remotes/manifest';
import { yieldToMain } from './start-up/staged-start';
import { listenForVerificationRequests } from './verification/verification-state';
// antd-mobile's base styles and CSS variables: components are imported one by one (shared per
// component), and only the library's index pulled these in.
import 'antd-mobile/es/global';
import './global.css';

/** The response index.ts asked for before the shared singletons loaded (used once). */
const takeEarlyResponse = () => {
  const early = window.__earlyManifestResponse;
  window.__earlyManifestResponse = undefined;
  return early;
};

// Fetched while the shopper passes the human check; a Retry fetches it again.
let prefetched: ReturnType<typeof fetchDeploymentManifest> | null = fetchDeploymentManifest(
  undefined,
  takeEarlyResponse(),
);
const loadManifest = () => {
  const pending = prefetched ?? fetchDeploymentManifest();
  prefetched = null;
  return pending;
};

const start = async () => {
  const store = createAppStore();
  window.__MARKETPLACE__ = { ...window.__MARKETPLACE__, store, reactVersions: new Set([React.version]) };
  registerReactCopy(React, 'shell');

  const lang = detectInitialLanguage();
  const known = findLanguage(lang);
  // A browser-detected language becomes the session's, so API messages come back in it too.
  if (known && selectLang(store.getState()).file_name !== lang) store.dispatch(languageChanged(known));
  // Each step its own task (see staged-start.ts): the store, the language files, the first render.
  await yieldToMain();
  await initI18n(lang);
  followSessionLanguage(store);
  listenForVerificationRequests();
  followConnection();
  // An upload answered 401 (it goes around the base query for its progress events): signed out too.
  onUnauthorized(() => store.dispatch(sessionCleared()));
  await yieldToMain();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition render is time-sliced: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole first render (one long task on a slow phone).
  React.startTransition(() => {
    root.render(
      <React.StrictMode>
        <App store={store} loadManifest={loadManifest} />
      </React.StrictMode>,
    );
  });
};

void start();

/** After the page has loaded, how long the start-up's own requests (pictures, the next screens) have alone. */
const SERVICE_WORKER_DELAY_MS = 3_000;

// The service worker (offline, updates) once the first screen is up and the page's own downloads are
// done: installing it downloads the shell's files for its precache, which must not compete with the first
// screen's pictures on a slow network. Its registration and Workbox's window library are a chunk of their
// own, never part of the first load.
const startServiceWorkerLater = () => {
  const start = () =>
    void import(/* webpackChunkName: "service-worker" */ './service-worker/register')
      .then(({ startServiceWorker }) => startServiceWorker())
      .catch((error: unknown) => console.warn('Service worker not registered', error));
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start) : start());
  // A first install downloads every shell file for the precache, also those this visit never needs: on
  // a data-saving connection (docs/decisions/0005-installable-offline.md) it waits until data is cheap. A worker already in place is
  // registered at once (its update prompt).
  const idle = () =>
    setTimeout(
      () => (navigator.serviceWorker?.controller ? whenIdle() : whenDataIsCheap(whenIdle)),
      SERVICE_WORKER_DELAY_MS,
    );
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};
if (process.env.NODE_ENV === 'production') startServiceWorkerLater();
