import type { ComponentType } from 'react';

/** The default export of each remote's one exposed module, `./screens`. */
export interface RemoteModule {
  /** The remote's i18next namespace, e.g. `account`. */
  namespace: string;
  /** Dynamic import of `locales/<lang>.json`, falling back to English. */
  loadMessages(lang: string): Promise<Record<string, unknown>>;
  /** Keyed by route path exactly as the remote's route module (`src/expose/routes.ts`) and `routes.json` write it. */
  screens: Record<string, ComponentType>;
}
