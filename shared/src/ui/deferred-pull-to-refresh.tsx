import { useEffect, useState, type ReactNode } from 'react';

type PullToRefreshComponent = typeof import('./pull-to-refresh.lazy').PullToRefresh;

/** Waits this long after a list appears before fetching the gesture's code if nothing touched the page. */
const IDLE_LOAD_DELAY_MS = 2000;
const FIRST_INPUT_EVENTS = ['pointerdown', 'touchstart', 'wheel', 'keydown'] as const;

let loaded: PullToRefreshComponent | undefined;
let loading: Promise<PullToRefreshComponent> | undefined;
const load = () =>
  (loading ??= import(/* webpackChunkName: "pull-to-refresh" */ './pull-to-refresh.lazy').then(
    (module) => (loaded = module.PullToRefresh),
  ));

/**
 * antd-mobile's PullToRefresh, whose code (react-spring and @use-gesture, ~20 KB gzip) is not part
 * of the first load: until it arrives the content sits in the same outer boxes without the (zero
 * height) pull head, and the gesture's code is fetched at the shopper's first touch, key or wheel,
 * or a moment after the list appeared, whichever comes first.
 */
export const DeferredPullToRefresh = ({
  onRefresh,
  texts,
  children,
}: {
  onRefresh: () => Promise<void>;
  texts: { pullingText: string; canReleaseText: string; refreshingText: string; completeText: string };
  children: ReactNode;
}) => {
  const [PullToRefresh, setPullToRefresh] = useState(() => loaded);

  useEffect(() => {
    if (PullToRefresh) return;
    let current = true;
    const start = () => {
      stop();
      load().then(
        (component) => current && setPullToRefresh(() => component),
        (error: unknown) => console.error('Pull-to-refresh could not be loaded', error),
      );
    };
    const timer = window.setTimeout(start, IDLE_LOAD_DELAY_MS);
    const options = { capture: true, passive: true } as const;
    function stop() {
      window.clearTimeout(timer);
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, start, options);
    }
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, start, options);
    return () => {
      current = false;
      stop();
    };
  }, [PullToRefresh]);

  if (PullToRefresh) {
    return (
      <PullToRefresh onRefresh={onRefresh} {...texts}>
        {children}
      </PullToRefresh>
    );
  }
  return (
    <div className="adm-pull-to-refresh">
      <div className="adm-pull-to-refresh-content">{children}</div>
    </div>
  );
};
