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

/** React Router's ranking decides which route owns a path, as `<Routes>` would. */
export const findRoute = (routes: readonly AppRoute[], pathname: string): AppRoute | undefined =>
  matchRoutes(
    routes.map((route) => ({ path: route.path, route })),
    pathname,
  )?.[0]?.route.route;
