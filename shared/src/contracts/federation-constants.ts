/** Federation values the shell's start-up reads; no schema library here (see manifest-check.ts). */

/** Cookie holding a browser's canary bucket (0-99), so a canary choice sticks across reloads. */
export const CANARY_BUCKET_COOKIE = 'mfe_bucket';

export const DEPLOYMENT_MANIFEST_PATH = '/mfe/manifest.json';
/** Each remote exposes exactly this module. */
export const REMOTE_EXPOSE = './screens';

/** The tab bar's icons (route metadata `tab.icon`); the `bag` tab carries the bag's count badge. */
export const ROUTE_TAB_ICONS = ['home', 'explore', 'bag', 'me'] as const;

/**
 * What visiting a route does to the stored back-navigation history (requirements §2.4), route
 * metadata `history`: `push` adds it, `reset` starts a fresh history (tab roots), `skip` leaves it.
 */
export const ROUTE_HISTORY = ['push', 'reset', 'skip'] as const;
