import type { ComponentType } from 'react';
import type { RouteMeta } from './federation';

/**
 * One route of a remote, as its route module (`src/expose/routes.ts`) writes it: the metadata the
 * build publishes as `routes.json` (see `routeMetaSchema`) and the screen the path shows (a
 * `lazy(() => import(...))`, so the screen's code loads only when the path is visited).
 */
export type RouteDefinition = RouteMeta & { screen: ComponentType };
