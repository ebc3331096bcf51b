/**
 * The app's start in steps, each its own task: the shared libraries the first screen needs are
 * negotiated (Module Federation's share scope) and evaluated one library at a time, with the main
 * thread given back to the browser between them. On a slow phone the whole start is several hundred
 * milliseconds of script; in one piece it is one long task during which a tap, a scroll or a paint
 * waits (Lighthouse's Total Blocking Time counts every such task past 50 ms). The bootstrap then finds
 * every library already evaluated, and its own evaluation is the shell's code alone.
 *
 * The order follows the libraries' own imports (react before react-dom, Redux Toolkit before its
 * React bindings, the shared package last), so each step evaluates one library and not its dependencies.
 */
export const STARTUP_LIBRARIES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react'),
  () => import('react/jsx-runtime'),
  () => import('react-dom'),
  () => import('react-dom/client'),
  () => import('i18next'),
  () => import('react-i18next'),
  () => import('@reduxjs/toolkit'),
  () => import('react-redux'),
  () => import('@reduxjs/toolkit/query'),
  () => import('@reduxjs/toolkit/query/react'),
  () => import('react-router-dom'),
  () => import('@marketplace/shared'),
];

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/** Gives the main thread back to the browser: `scheduler.yield()` where there is one, else a new task. */
export const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Runs `steps` one after the other with a yield after each. A step that fails is passed over: the
 * bootstrap imports the same library and reports the failure the way it always has (startup error screen).
 */
export const startInSteps = async (steps: ReadonlyArray<() => Promise<unknown>>): Promise<void> => {
  for (const step of steps) {
    try {
      await step();
    } catch {
      // The bootstrap meets the same failure and shows it.
    }
    await yieldToMain();
  }
};
