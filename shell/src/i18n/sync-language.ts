import { selectLang, type AppStore } from '@marketplace/shared';
import { switchLanguage } from './init-i18n';

/**
 * The language picker (account remote) only dispatches `languageChanged`; the shell follows the
 * store so every area switches together, with all loaded namespaces fetched first.
 */
export const followSessionLanguage = (store: AppStore): (() => void) => {
  let current = selectLang(store.getState()).file_name;
  return store.subscribe(() => {
    const next = selectLang(store.getState()).file_name;
    if (next === current) return;
    current = next;
    switchLanguage(next).catch((error: unknown) => console.error('Language switch failed', error));
  });
};
