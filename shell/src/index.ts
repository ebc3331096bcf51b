import { startEarlyFetches } from './start-up/early-fetches';

// The deployment manifest decides which remote draws the first screen, so its download starts
// here, before the shared singletons arrive (index.html preloads it; this fetch takes that
// response), and so does the first remote's. Plain fetch: nothing shared may load before the
// async boundary below.
const manifestLink = document.querySelector<HTMLLinkElement>('link[rel="preload"][data-deployment-manifest]');
if (manifestLink) window.__earlyManifestResponse = startEarlyFetches(manifestLink.href);

// The async boundary Module Federation needs before shared singletons are used (RUNTIME-006).
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');

declare global {
  interface Window {
    /** The deployment manifest's response, requested at start-up; taken once by the bootstrap. */
    __earlyManifestResponse?: Promise<Response>;
  }
}
