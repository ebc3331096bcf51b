/**
 * Start-up requests made by index.ts before the shared singletons arrive, so the first screen's
 * files download while the libraries do instead of one after the other: the deployment manifest
 * (preloaded by index.html), then the `mf-manifest.json` of the remote that draws the current path,
 * and `<link rel="preload">` for that remote's entry script and exposed module. Nothing here may
 * import a shared module (it runs before the async boundary), and nothing here is validated: the
 * bootstrap parses the manifest with its schema, and the federation runtime reads its own files.
 */

interface EarlyManifest {
  remotes?: Record<string, { entry?: unknown; routes?: { path?: unknown }[] }>;
}

interface EarlyMfManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { assets?: { js?: { sync?: unknown[] }; css?: { sync?: unknown[] } } }[];
}

const earlyResponses = new Map<string, Promise<Response>>();

const absolute = (url: string | URL): string => new URL(url, window.location.href).href;

/** A route pattern of a remote (`/detail/:product?/:mer?`) as a matcher of whole paths. */
export const routeMatcher = (pattern: string): RegExp => {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
};

/** The `mf-manifest.json` of the remote whose routes include `pathname`, or null. */
export const firstRemoteEntry = (manifest: EarlyManifest, pathname: string): string | null => {
  for (const remote of Object.values(manifest.remotes ?? {})) {
    const routes = Array.isArray(remote.routes) ? remote.routes : [];
    if (
      typeof remote.entry === 'string' &&
      routes.some((r) => typeof r.path === 'string' && routeMatcher(r.path).test(pathname))
    ) {
      return remote.entry;
    }
  }
  return null;
};

/** The remote's entry script and its exposed module's files, from its `mf-manifest.json` (publicPath auto). */
export const remoteStartFiles = (mf: EarlyMfManifest, entryUrl: string): { scripts: string[]; styles: string[] } => {
  const base = absolute(entryUrl);
  const strings = (values: unknown[] | undefined) => (values ?? []).filter((v): v is string => typeof v === 'string');
  const entry = mf.metaData?.remoteEntry;
  const scripts: string[] = [];
  if (typeof entry?.name === 'string') {
    const folder = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
    scripts.push(new URL(`${folder}${entry.name}`, base).href);
  }
  const expose = mf.exposes?.[0]?.assets;
  scripts.push(...strings(expose?.js?.sync).map((file) => new URL(file, base).href));
  const styles = strings(expose?.css?.sync).map((file) => new URL(file, base).href);
  return { scripts, styles };
};

const preload = (href: string, as: 'script' | 'style') => {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', as);
  link.href = href;
  document.head.appendChild(link);
};

const warmFirstRemote = async (manifestResponse: Promise<Response>) => {
  const response = await manifestResponse;
  if (!response.ok) return;
  const entry = firstRemoteEntry((await response.clone().json()) as EarlyManifest, window.location.pathname);
  if (!entry) return;
  const url = absolute(entry);
  const mfResponse = fetch(url);
  earlyResponses.set(url, mfResponse);
  const mf = await mfResponse;
  if (!mf.ok) return;
  const { scripts, styles } = remoteStartFiles((await mf.clone().json()) as EarlyMfManifest, url);
  styles.forEach((href) => preload(href, 'style'));
  scripts.forEach((href) => preload(href, 'script'));
};

/** Starts the start-up requests; `manifestHref` is index.html's preloaded deployment manifest. */
export const startEarlyFetches = (manifestHref: string): Promise<Response> => {
  const manifest = fetch(manifestHref);
  // Only a head start: any failure here is met again, and reported, by the normal loading path.
  warmFirstRemote(manifest).catch(() => undefined);
  return manifest;
};

/** The start-up response for `url`, once (the federation runtime's fetch takes it); else undefined. */
export const takeEarlyResponse = (url: string | URL): Promise<Response> | undefined => {
  const key = absolute(url);
  const pending = earlyResponses.get(key);
  earlyResponses.delete(key);
  return pending;
};
