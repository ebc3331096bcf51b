import { useSyncExternalStore } from 'react';
import { LIVE_COUNT_POLL_MS } from '../api';

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const isVisible = () => document.visibilityState !== 'hidden';

/**
 * Query options for a count on screen (unread notifications, Me's order counts): asked again every
 * LIVE_COUNT_POLL_MS while the page is visible, not at all while it is hidden, and at once when it
 * comes back or the screen mounts.
 */
export const useLiveCountOptions = () => {
  const visible = useSyncExternalStore(subscribe, isVisible, () => true);
  return { pollingInterval: visible ? LIVE_COUNT_POLL_MS : 0, refetchOnMountOrArgChange: true } as const;
};
