import { useEffect, useLayoutEffect, useRef } from 'react';

const positions = new Map<string, number>();

/**
 * Pages scroll the window. A kept-alive page gets its last position back when shown again; any
 * other page starts at the top. Positions are recorded as the user scrolls, because by the time a
 * page is left it is already hidden and the browser has clamped the scroll.
 */
export const useScrollMemory = (viewKey: string, keepAlive: boolean): void => {
  const current = useRef({ viewKey, keepAlive });

  useLayoutEffect(() => {
    current.current = { viewKey, keepAlive };
    window.scrollTo(0, keepAlive ? (positions.get(viewKey) ?? 0) : 0);
  }, [viewKey, keepAlive]);

  useEffect(() => {
    const record = () => {
      if (current.current.keepAlive) positions.set(current.current.viewKey, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);
};
