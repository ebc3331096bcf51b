import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type PullToRefreshComponent = typeof import('./pull-to-refresh.lazy').PullToRefresh;

/** Waits this long after a list appears before fetching the gesture's code if nothing touched the page. */
const IDLE_LOAD_DELAY_MS = 2000;
const FIRST_INPUT_EVENTS = ['pointerdown', 'touchstart', 'wheel', 'keydown'] as const;
/**
 * Putting the real component in place re-creates the list's elements, which cuts a scroll that is
 * under way short (a first wheel or swipe stopped after a few pixels): it waits until the page has
 * had no scroll, touch, wheel or pointer for this long.
 */
const QUIET_MS = 400;
const MOVING_EVENTS = ['scroll', 'wheel', 'touchstart', 'touchmove', 'pointerdown', 'pointermove'] as const;

/** Calls `then` once the page has been still for QUIET_MS; the returned function cancels. */
const whenStill = (then: () => void): (() => void) => {
  const options = { capture: true, passive: true } as const;
  let timer = window.setTimeout(done, QUIET_MS);
  const moved = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(done, QUIET_MS);
  };
  function cancel() {
    window.clearTimeout(timer);
    for (const type of MOVING_EVENTS) window.removeEventListener(type, moved, options);
  }
  function done() {
    cancel();
    then();
  }
  for (const type of MOVING_EVENTS) window.addEventListener(type, moved, options);
  return cancel;
};

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
 * or a moment after the list appeared, whichever comes first; it takes over once the page is still.
 *
 * The list itself is drawn once, into an element of its own that moves into whichever wrapper is current:
 * the swap never re-creates it, so what a card holds stays as it is (a payment sheet a card's Pay opened
 * a moment before, typed text, the focused button). Re-creating it closed that sheet 0.4 s after it opened.
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
  const [host] = useState(() => document.createElement('div'));
  const focusedWhileMoving = useRef<Element | null>(null);
  const slot = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) {
        // The old wrapper is leaving the page, with the list inside it: note what had the focus there.
        focusedWhileMoving.current = host.contains(document.activeElement) ? document.activeElement : null;
        return;
      }
      if (host.parentNode === element) return;
      element.appendChild(host);
      const focused = focusedWhileMoving.current;
      focusedWhileMoving.current = null;
      if (focused instanceof HTMLElement && host.contains(focused)) focused.focus({ preventScroll: true });
    },
    [host],
  );

  useEffect(() => {
    if (PullToRefresh) return;
    let current = true;
    let cancelWait: (() => void) | undefined;
    const start = () => {
      stop();
      load().then(
        (component) => {
          // The swap re-creates the whole list: a transition draws it in slices instead of one long task.
          if (current)
            cancelWait = whenStill(() => current && startTransition(() => setPullToRefresh(() => component)));
        },
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
      cancelWait?.();
    };
  }, [PullToRefresh]);

  const content = <div ref={slot} />;
  return (
    <>
      {PullToRefresh ? (
        <PullToRefresh onRefresh={onRefresh} {...texts}>
          {content}
        </PullToRefresh>
      ) : (
        <div className="adm-pull-to-refresh">
          <div className="adm-pull-to-refresh-content">{content}</div>
        </div>
      )}
      {/* After the wrapper: its slot holds the list's element before the list's own layout effects run. */}
      {createPortal(children, host)}
    </>
  );
};
