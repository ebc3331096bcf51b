import type { DeploymentManifest, RouteMeta } from '@marketplace/shared/contracts';
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
