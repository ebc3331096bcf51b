/** `navigator.connection` where the browser has it (Chromium): the Network Information API. */
interface NetworkInformation extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

/** Effective connection types on which the app saves data as if the data saver were on. */
const SLOW_CONNECTIONS: ReadonlySet<string> = new Set(['slow-2g', '2g', '3g']);

const connection = (): NetworkInformation | undefined =>
  (navigator as Navigator & { connection?: NetworkInformation }).connection;

/**
 * Whether the shopper's connection asks for less data (docs/decisions/0005-installable-offline.md, data saver): the browser's data
 * saver is on, or the connection is 2G/3G-like (`slow-2g`, `2g`, `3g`). Then nothing is prefetched
 * or kept ahead of use.
 */
export const prefersLessData = (): boolean => {
  const info = connection();
  if (!info) return false;
  return info.saveData === true || SLOW_CONNECTIONS.has(info.effectiveType ?? '');
};

/**
 * Runs `run` now when the connection does not ask for less data, otherwise once it stops asking (the
 * data saver turned off, a faster network). Returns a function that cancels a run still waiting.
 */
export const whenDataIsCheap = (run: () => void): (() => void) => {
  if (!prefersLessData()) {
    run();
    return () => undefined;
  }
  const info = connection();
  if (!info || typeof info.addEventListener !== 'function') return () => undefined;
  const onChange = () => {
    if (prefersLessData()) return;
    info.removeEventListener('change', onChange);
    run();
  };
  info.addEventListener('change', onChange);
  return () => info.removeEventListener('change', onChange);
};
