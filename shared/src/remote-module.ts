import type { ComponentType } from 'react';

/** The default export of each remote's one exposed module, `./screens`. */
export interface RemoteModule {
  /** The remote's i18next namespace, e.g. `account`. */
  namespace: string;
  /** Dynamic import of `locales/<lang>.json`, falling back to English. */
  loadMessages(lang: string): Promise<Record<string, unknown>>;
  /** Keyed by route path exactly as in the remote's `routes.json`. */
  screens: Record<string, ComponentType>;
}
