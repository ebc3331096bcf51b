import type { UNSAFE_createBrowserHistory } from 'react-router-dom';

export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Listener = Parameters<AppHistory['listen']>[0];

/**
 * react-router's history object takes one listener (a second `listen` throws), and the router is
 * it; this one passes each navigation to any number of listeners (the router and the stored
 * back-navigation history), in the order they started to listen.
 */
export const withListeners = (history: AppHistory): AppHistory => {
  const listeners = new Set<Listener>();
  let stopBase: (() => void) | undefined;
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push: (to, state) => history.push(to, state),
    replace: (to, state) => history.replace(to, state),
    go: (delta) => history.go(delta),
    listen: (listener) => {
      // A wrapper per call: the same function listening twice is called twice, as with two listeners.
      const entry: Listener = (update) => listener(update);
      listeners.add(entry);
      stopBase ??= history.listen((update) => {
        for (const each of [...listeners]) each(update);
      });
      return () => {
        listeners.delete(entry);
        if (listeners.size === 0) {
          stopBase?.();
          stopBase = undefined;
        }
      };
    },
  };
};
