/**
 * Loads the reporter (reporter.ts) after the first screen. Kept apart from hooks.ts, which the reporter
 * imports, so the two never import each other.
 */
let started = false;

/** After the first screen, when the browser is idle: the reporter's chunk (never part of the first load). */
export const startTelemetry = (): void => {
  if (started || typeof window === 'undefined') return;
  started = true;
  const later = () => {
    // A phone busy drawing may have no idle moment for long: the reporter comes within 5 s all the same.
    const idle = window.requestIdleCallback
      ? (task: () => void) => window.requestIdleCallback(task, { timeout: 5_000 })
      : (task: () => void) => window.setTimeout(task, 1_000);
    idle(() => void import(/* webpackChunkName: "telemetry" */ './reporter').then((m) => m.startReporter()));
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
};
