import { useLayoutEffect } from 'react';

/**
 * Sent once a screen that index.html's first paint drew ahead of the app (shell/src/start-up/
 * first-paint.inline.js: Home's hot products, a product's picture and title) shows the same thing
 * for real, or has failed: the layer goes. A remote sends it by name; it does not import the shell.
 */
const SCREEN_READY_EVENT = 'marketplace:screen-ready';

/** Sends SCREEN_READY_EVENT; call it from a layout effect, so layer and screen never show in one frame. */
export const dismissFirstPaint = (): void => {
  window.dispatchEvent(new Event(SCREEN_READY_EVENT));
};

/** Sends SCREEN_READY_EVENT when `ready` turns true, in a layout effect. */
export const useScreenReady = (ready: boolean): void => {
  useLayoutEffect(() => {
    if (ready) dismissFirstPaint();
  }, [ready]);
};
