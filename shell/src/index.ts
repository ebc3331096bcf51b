import { startEarlyFetches } from './start-up/early-fetches';
import { STARTUP_LIBRARIES, startInSteps } from './start-up/staged-start';

// The deployment manifest decides which remote draws the first screen, so its download starts
// here, before the shared singletons arrive (index.html preloads it; this fetch takes that
// response), and so does the first remote's. Plain fetch: nothing shared may load before the
// async boundary below.
const manifestLink = document.querySelector<HTMLLinkElement>('link[rel="preload"][data-deployment-manifest]');
if (manifestLink) window.__earlyManifestResponse = startEarlyFetches(manifestLink.href);

// The async boundary Module Federation needs before shared singletons are used (RUNTIME-006). When
// index.html's first-paint script is drawing the first screen, the app starts once that is on screen
// (the script bounds the wait): evaluating the libraries first would hold back the paint. The shared
// libraries are then taken one per task (staged-start.ts) so no single task holds the main thread long.
void (window.__firstPaint ?? Promise.resolve())
  .then(() => startInSteps(STARTUP_LIBRARIES))
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));

declare global {
  interface Window {
    /** The deployment manifest's response, requested at start-up; taken once by the bootstrap. */
    __earlyManifestResponse?: Promise<Response>;
    /** Set by index.html's first-paint script while it draws the first screen; settles when it is on screen. */
    __firstPaint?: Promise<void>;
  }
}
