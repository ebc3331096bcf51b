/**
 * Which cache each of the app's files goes to in the service worker (shell/service-worker/sw.ts), as
 * a pure module. Only files and pictures: API answers stay with the page (shared/src/api/last-seen.ts),
 * so the worker never stands between the app and the server for a call, nor keeps a token or money.
 */
export const CACHE_NAMES = {
  /** HTML of the pages visited (network first; the copy only when the network is gone). */
  pages: 'mp-pages',
  /** Files of the deployed remote versions, `/mfe/<remote>/<version>/…`, pruned to the live manifest. */
  remotes: 'mp-remotes',
  /** The deployment manifest as last fetched. */
  deployment: 'mp-deployment',
  /** Product and shop pictures (bounded). */
  pictures: 'mp-pictures',
  /** The shell's language files (content-hashed folder, fetched per language). */
  shellLocales: 'mp-shell-locales',
} as const;

type CacheKind = keyof typeof CACHE_NAMES;

export const MAX_PAGES = 30;
export const MAX_REMOTE_FILES = 400;
export const MAX_PICTURES = 200;
export const MAX_SHELL_LOCALE_FILES = 20;

const DEPLOYMENT_MANIFEST = '/mfe/manifest.json';
/** `/mfe/<remote>/<version>/<file…>`; group 1 is `/mfe/<remote>/<version>/`. */
const REMOTE_FILE = /^(\/mfe\/[^/.][^/]*\/[^/.][^/]*\/)[^?#]+$/;
/** Files of a version folder that are not content-hashed (a version may be rebuilt in place): network first. */
const REMOTE_ENTRY = /\/(?:remoteEntry\.js|mf-manifest\.json|routes\.json)$/;
const PICTURE = /^\/api\/images\/(?:product|shop)\/[^/]+\.svg$/;
const SHELL_LOCALE = /^\/locales-[0-9a-f]{8}\/[^/]+\/[^/]+\.json$/;

export interface CacheRule {
  kind: CacheKind;
  /** How the worker fills it: `network-first` revalidates unhashed files, `cache-first` trusts content hashes. */
  strategy: 'network-first' | 'cache-first' | 'stale-while-revalidate';
}

/** The cache rule of a same-origin path (`url.pathname`), or null for anything the worker never keeps. */
export const cacheRuleFor = (pathname: string): CacheRule | null => {
  if (pathname === DEPLOYMENT_MANIFEST) return { kind: 'deployment', strategy: 'network-first' };
  if (REMOTE_FILE.test(pathname)) {
    return { kind: 'remotes', strategy: REMOTE_ENTRY.test(pathname) ? 'network-first' : 'cache-first' };
  }
  if (PICTURE.test(pathname)) return { kind: 'pictures', strategy: 'stale-while-revalidate' };
  if (SHELL_LOCALE.test(pathname)) return { kind: 'shellLocales', strategy: 'cache-first' };
  return null;
};

interface ManifestLike {
  remotes?: Record<string, { entry?: unknown }>;
}

/** The version folders (`/mfe/<remote>/<version>/`) a deployment manifest makes live. */
export const liveVersionFolders = (manifest: ManifestLike, origin: string): Set<string> => {
  const folders = new Set<string>();
  for (const remote of Object.values(manifest.remotes ?? {})) {
    if (typeof remote.entry !== 'string') continue;
    const folder = REMOTE_FILE.exec(new URL(remote.entry, origin).pathname)?.[1];
    if (folder) folders.add(folder);
  }
  return folders;
};

/**
 * Whether a cached remote file may stay once `live` is the manifest: only files of live versions do,
 * so a version that was rolled back is never served from the cache again.
 */
export const keepsRemoteFile = (pathname: string, live: ReadonlySet<string>): boolean => {
  const folder = REMOTE_FILE.exec(pathname)?.[1];
  return folder !== undefined && live.has(folder);
};
