import { selectLang, type AppStore } from '@marketplace/shared';
import { switchLanguage } from './init-i18n';

/**
 * The language picker (account remote) only dispatches `languageChanged`; the shell follows the
 * store so every area switches together, with all loaded namespaces fetched first.
 */
export const followSessionLanguage = (store: AppStore): (() => void) => {
  let current = selectLang(store.getState()).file_name;
  pointManifestAt(current);
  return store.subscribe(() => {
    const next = selectLang(store.getState()).file_name;
    if (next === current) return;
    current = next;
    pointManifestAt(next);
    switchLanguage(next).catch((error: unknown) => console.error('Language switch failed', error));
  });
};

/**
 * The web app manifest in the shopper's language (`/manifests/<lang>.webmanifest`, written by the
 * shell's build): installing the app names it and its shortcuts in that language.
 */
const pointManifestAt = (lang: string): void => {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = `/manifests/${encodeURIComponent(lang)}.webmanifest`;
};
