/** Federation values the shell's start-up reads; no schema library here (see manifest-check.ts). */

/** Cookie holding a browser's canary bucket (0-99), so a canary choice sticks across reloads. */
export const CANARY_BUCKET_COOKIE = 'mfe_bucket';

export const DEPLOYMENT_MANIFEST_PATH = '/mfe/manifest.json';
/** Each remote exposes exactly this module. */
export const REMOTE_EXPOSE = './screens';

export * from './federation-route-constants';
