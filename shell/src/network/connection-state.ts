import { isOffline, onConnectionRequired, onNetworkReport } from '@marketplace/shared';
import { useSyncExternalStore } from 'react';

/**
 * What the shell tells the shopper about the network and the app's version (docs/decisions/0005-installable-offline.md): offline (the
 * browser says so, or the last API call failed on the network until one gets an answer), an action
 * refused because it needs a connection, and a new version waiting to be applied.
 */
interface ConnectionState {
  offline: boolean;
  /** Set for a few seconds when an action that needs the server was refused offline. */
  needsConnection: boolean;
  /** A new shell version is installed and waiting; applied at the next navigation or on "Update". */
  updateWaiting: boolean;
}

const NOTICE_MS = 4_000;

let state: ConnectionState = { offline: false, needsConnection: false, updateWaiting: false };
const listeners = new Set<() => void>();
const networkListeners = new Set<(reachable: boolean) => void>();
let unreachable = false;

const set = (next: Partial<ConnectionState>) => {
  const merged = { ...state, ...next };
  if (
    merged.offline === state.offline &&
    merged.needsConnection === state.needsConnection &&
    merged.updateWaiting === state.updateWaiting
  ) {
    return;
  }
  const wasOffline = state.offline;
  state = merged;
  listeners.forEach((fn) => fn());
  if (wasOffline !== state.offline) networkListeners.forEach((fn) => fn(!state.offline));
};

const recompute = () => set({ offline: isOffline() || unreachable });

let noticeTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

/** Starts following the browser's connection events and the API's reports (once). */
export const followConnection = (): void => {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    unreachable = false;
    recompute();
  });
  window.addEventListener('offline', recompute);
  onNetworkReport((reachable) => {
    unreachable = !reachable;
    recompute();
  });
  onConnectionRequired(() => {
    set({ needsConnection: true, offline: true });
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => set({ needsConnection: false }), NOTICE_MS);
  });
  recompute();
};

export const markUpdateWaiting = (waiting: boolean): void => set({ updateWaiting: waiting });

export const connectionState = (): ConnectionState => state;

/** Told when the shell goes offline (false) or back online (true). */
export const onConnectionChange = (fn: (online: boolean) => void): (() => void) => {
  networkListeners.add(fn);
  return () => {
    networkListeners.delete(fn);
  };
};

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
};

export const useConnectionState = (): ConnectionState => useSyncExternalStore(subscribe, connectionState);
