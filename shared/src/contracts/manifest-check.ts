import type { DeploymentManifest, RemoteEntry, RouteMeta, RouteTab } from './federation';
import { ROUTE_HISTORY, ROUTE_TAB_ICONS } from './federation-route-constants';

/**
 * The deployment manifest's check for the shell's start-up, without a schema library: zod is ~28 KB
 * gzip and the first screen needs it for nothing else. It accepts exactly what
 * `deploymentManifestSchema` (federation.ts) accepts and, like it, keeps only the known fields;
 * manifest-check.test.ts holds the two to the same answers.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isFilledText = (value: unknown): value is string => isText(value) && value.length > 0;
const CONTAINER_NAME = /^[a-z][a-z0-9_]*$/;

const routeTabOf = (value: unknown): RouteTab | null => {
  if (!isObject(value)) return null;
  const { order, icon, labelKey } = value;
  if (typeof order !== 'number' || !Number.isInteger(order) || !isFilledText(labelKey)) return null;
  if (!(ROUTE_TAB_ICONS as readonly unknown[]).includes(icon)) return null;
  return { order, icon: icon as RouteTab['icon'], labelKey };
};

const routeMetaOf = (value: unknown): RouteMeta | null => {
  if (!isObject(value)) return null;
  const { path, titleKey, public: isPublic, keepAlive, tab, tabOf, history } = value;
  if (!isText(path) || !path.startsWith('/') || !isFilledText(titleKey)) return null;
  if (typeof isPublic !== 'boolean' || typeof keepAlive !== 'boolean') return null;
  const route: RouteMeta = { path, titleKey, public: isPublic, keepAlive };
  if (tab !== undefined) {
    const checked = routeTabOf(tab);
    if (!checked) return null;
    route.tab = checked;
  }
  if (tabOf !== undefined) {
    if (!isText(tabOf) || !tabOf.startsWith('/')) return null;
    route.tabOf = tabOf;
  }
  if (history !== undefined) {
    if (!(ROUTE_HISTORY as readonly unknown[]).includes(history)) return null;
    route.history = history as RouteMeta['history'];
  }
  return route;
};

const remoteEntryOf = (value: unknown): RemoteEntry | null => {
  if (!isObject(value)) return null;
  const { name, version, entry, namespace, routes } = value;
  if (!isText(name) || !CONTAINER_NAME.test(name)) return null;
  if (!isFilledText(version) || !isFilledText(entry) || !isFilledText(namespace) || !Array.isArray(routes)) {
    return null;
  }
  const checked = routes.map(routeMetaOf);
  if (checked.some((route) => route === null)) return null;
  return { name, version, entry, namespace, routes: checked as RouteMeta[] };
};

/** The manifest as the shell receives it (`/mfe/manifest.json`), or null when it is not one. */
export const readDeploymentManifest = (value: unknown): DeploymentManifest | null => {
  if (!isObject(value) || !isText(value.updatedAt) || !isObject(value.remotes)) return null;
  const remotes: Record<string, RemoteEntry> = {};
  for (const [key, raw] of Object.entries(value.remotes)) {
    const entry = remoteEntryOf(raw);
    if (!entry) return null;
    remotes[key] = entry;
  }
  return { updatedAt: value.updatedAt, remotes };
};
