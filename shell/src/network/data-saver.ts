/** `navigator.connection` where the browser has it (Chromium): the Network Information API. */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether the shopper's connection asks for less data (issue 26, data saver): the browser's data
 * saver is on, or the connection is 2G/3G-like (`slow-2g`, `2g`, `3g`). Then nothing is prefetched
 * or kept ahead of use.
 */
export const prefersLessData = (): boolean => {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
};
