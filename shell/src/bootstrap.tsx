import {
  createAppStore,
  detectInitialLanguage,
  languageChanged,
  registerReactCopy,
  selectLang,
} from '@marketplace/shared';
import { findLanguage } from '@marketplace/shared/contracts/core';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n/init-i18n';
import { followSessionLanguage } from './i18n/sync-language';
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
