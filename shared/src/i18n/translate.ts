import i18next from 'i18next';

/**
 * Code outside React (the base query, toasts) translates through the one i18next instance the
 * shell initialises; it is a federated singleton, so remotes share it too.
 */
export const translate = (key: string, values?: Record<string, unknown>): string =>
  String(i18next.t(key, values ?? {}));
