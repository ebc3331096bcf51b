import type { DeploymentManifest, RouteMeta, RouteTab } from '@marketplace/shared/contracts';
import { matchRoutes } from 'react-router-dom';

export interface AppRoute extends RouteMeta {
  /** Key of the owning remote in the deployment manifest (its folder name, e.g. `mfe-account`). */
  remoteKey: string;
}

/** Every route the deployed remotes publish; the shell itself hard-codes none of them. */
export const buildRouteTable = (manifest: DeploymentManifest): AppRoute[] =>
  Object.entries(manifest.remotes).flatMap(([remoteKey, remote]) =>
    remote.routes.map((route) => ({ ...route, remoteKey })),
  );

/** Answers per route table and path: the layout asks on every render, and ranking the table is not free. */
const found = new WeakMap<readonly AppRoute[], Map<string, AppRoute | undefined>>();

/** React Router's ranking decides which route owns a path, as `<Routes>` would. */
export const findRoute = (routes: readonly AppRoute[], pathname: string): AppRoute | undefined => {
  let answers = found.get(routes);
  if (!answers) found.set(routes, (answers = new Map()));
  if (answers.has(pathname)) return answers.get(pathname);
  const route = matchRoutes(
    routes.map((entry) => ({ path: entry.path, route: entry })),
    pathname,
  )?.[0]?.route.route;
  // Paths are few in one visit (each screen's own); a long visit through many products stays bounded.
  if (answers.size >= 500) answers.clear();
  answers.set(pathname, route);
  return route;
};

/** A tab of the tab bar, as a route's metadata declares it. */
export interface AppTab {
  path: string;
  icon: RouteTab['icon'];
  labelKey: string;
}

/** What the shell reads from the routes' metadata besides each route's own page. */
export interface RouteRules {
  /** The tab bar's tabs, in their order. */
  tabs: AppTab[];
  /** Paths that show the tab bar, each to the path of its active tab. */
  tabBar: ReadonlyMap<string, string>;
  /**
   * Kept-alive routes that are a tab's page under another path (`/index` is Home's), each to that tab's path:
   * the two share one kept view, so the shopper meets one Home with one scroll position, not two.
   */
  keptViewOf: ReadonlyMap<string, string>;
  /** Paths whose visit starts a fresh back-navigation history. */
  historyReset: ReadonlySet<string>;
  /** Paths whose visit leaves the back-navigation history as it is. */
  historySkip: ReadonlySet<string>;
  /** Public routes' paths up to their first parameter: a path starting with one needs no login (prefix matches count). */
  publicPrefixes: readonly string[];
}

/** The shell's own route `/` (it redirects) is no page of the history. */
const SHELL_HISTORY_SKIP = ['/'];

/** The part of a route path before its first parameter (`/detail/:product?` → `/detail`). */
const staticPrefix = (path: string): string => {
  const at = path.search(/\/[:*]/);
  return at < 0 ? path : path.slice(0, at) || '/';
};

const rulesOf = new WeakMap<readonly RouteMeta[], RouteRules>();

/**
 * The tab bar, history rules and public paths of a route table. A remote built before routes carried
 * `tab`, `tabOf` and `history` declares no tab and no history rule: its routes show no tab bar and are
 * pushed onto the history like any page, and the bar shows the tabs the other remotes declare.
 */
export const routeRules = (routes: readonly RouteMeta[]): RouteRules => {
  const known = rulesOf.get(routes);
  if (known) return known;
  const tabs = routes
    .flatMap((route) => (route.tab ? [{ ...route.tab, path: route.path }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ path, icon, labelKey }) => ({ path, icon, labelKey }));
  const tabPaths = new Set(tabs.map((tab) => tab.path));
  const tabBar = new Map<string, string>(tabs.map((tab) => [tab.path, tab.path]));
  for (const route of routes) {
    if (route.tabOf && tabPaths.has(route.tabOf)) tabBar.set(route.path, route.tabOf);
  }
  const keptTabs = new Set(routes.filter((route) => route.tab && route.keepAlive).map((route) => route.path));
  const keptViewOf = new Map(
    routes.flatMap((route) =>
      route.keepAlive && route.tabOf && keptTabs.has(route.tabOf) ? [[route.path, route.tabOf] as const] : [],
    ),
  );
  const withRule = (rule: 'reset' | 'skip') => routes.filter((route) => route.history === rule).map((r) => r.path);
  const rules: RouteRules = {
    tabs,
    tabBar,
    keptViewOf,
    historyReset: new Set(withRule('reset')),
    historySkip: new Set([...SHELL_HISTORY_SKIP, ...withRule('skip')]),
    publicPrefixes: [
      ...new Set(routes.filter((route) => route.public).map((route) => staticPrefix(route.path))),
    ].filter((prefix) => prefix !== '/'),
  };
  rulesOf.set(routes, rules);
  return rules;
};
