import { useSyncExternalStore } from 'react';

/**
 * The route whose remote area failed to load or render (its error boundary's panel is showing), so the
 * layout keeps the tab bar under that panel: the shopper can always leave it for another tab.
 */
let failedPath: string | null = null;
const listeners = new Set<() => void>();

const set = (path: string | null): void => {
  if (failedPath === path) return;
  failedPath = path;
  for (const listener of listeners) listener();
};

export const markAreaFailed = (path: string): void => set(path);

export const clearAreaFailed = (path: string): void => {
  if (failedPath === path) set(null);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useFailedAreaPath = (): string | null =>
  useSyncExternalStore(
    subscribe,
    () => failedPath,
    () => null,
  );
