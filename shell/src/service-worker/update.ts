import { markUpdateWaiting } from '../network/connection-state';

/**
 * The new-version prompt's action, set by the service worker's registration (register.ts, loaded
 * after the first screen) when a new shell version is installed and waiting.
 */
let applier: (() => void) | null = null;

export const offerUpdate = (apply: (() => void) | null): void => {
  applier = apply;
  markUpdateWaiting(apply !== null);
};

export const hasUpdateWaiting = (): boolean => applier !== null;

/** Activates the waiting version; the page reloads once it controls the page. */
export const applyUpdate = (): void => {
  const apply = applier;
  applier = null;
  apply?.();
};
