import { z } from 'zod';

import { ROUTE_HISTORY, ROUTE_TAB_ICONS } from './federation-route-constants';

export * from './federation-constants';

export type RouteTabIcon = (typeof ROUTE_TAB_ICONS)[number];

/** A route that is one of the tab bar's tabs. */
export const routeTabSchema = z.object({
  /** Place in the bar, left to right (smaller first). */
  order: z.number().int(),
  icon: z.enum(ROUTE_TAB_ICONS),
  /** i18next key of the tab's label, `<namespace>:<key>`. */
  labelKey: z.string().min(1),
});
export type RouteTab = z.infer<typeof routeTabSchema>;

/**
 * Route metadata a remote publishes with each build (`routes.json` beside `mf-manifest.json`),
 * so the shell knows which remote owns a path before loading any remote code. Written once, in the
 * remote's `src/expose/routes.ts`; the build generates `routes.json` from it (routes-json-plugin.mjs).
 * `tab`, `tabOf` and `history` came later: a `routes.json` without them (an older build) still
 * validates, its routes then no tab and an ordinary history entry (`push`).
 */
export const routeMetaSchema = z.object({
  /** React Router path, e.g. `/detail/:product?/:mer?`. */
  path: z.string().startsWith('/'),
  /** i18next key of the page title, `<namespace>:<key>`. */
  titleKey: z.string().min(1),
  /** Reachable without a token (requirements §2.2); its path before the first parameter counts as a prefix. */
  public: z.boolean(),
  /** Cached when left: state and scroll kept (Home, Explore, Bag, Filter). */
  keepAlive: z.boolean(),
  /** The route is a tab of the tab bar (which shows on it). */
  tab: routeTabSchema.optional(),
  /**
   * The tab bar shows on this route with the tab of that path active (`/index` shows Home's tab). A kept-alive
   * route naming a kept-alive tab is that tab's screen under another path: the shell keeps one view for both.
   */
  tabOf: z.string().startsWith('/').optional(),
  /** What visiting the route does to the back-navigation history; absent: `push`. */
  history: z.enum(ROUTE_HISTORY).optional(),
});
export type RouteMeta = z.infer<typeof routeMetaSchema>;
export const routeMetaListSchema = z.array(routeMetaSchema);
/** A remote's route module as the build reads it: a route list whose paths are each listed once. */
export const routeModuleSchema = routeMetaListSchema.superRefine((routes, context) => {
  const seen = new Set<string>();
  routes.forEach((route, index) => {
    if (seen.has(route.path)) {
      context.addIssue({ code: 'custom', path: [index, 'path'], message: `${route.path} is listed twice` });
    }
    seen.add(route.path);
  });
});

/** One remote's live entry in the deployment manifest. */
export const remoteEntrySchema = z.object({
  /** Federation container name, e.g. `mfe_wallet`. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  version: z.string().min(1),
  /** URL of the version's `mf-manifest.json`. */
  entry: z.string().min(1),
  /** The i18next namespace the remote owns. */
  namespace: z.string().min(1),
  routes: routeMetaListSchema,
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

/** `/mfe/manifest.json` as the shell receives it: remote key (folder name, e.g. `mfe-wallet`) to its live entry. */
export const deploymentManifestSchema = z.object({
  updatedAt: z.string(),
  remotes: z.record(z.string(), remoteEntrySchema),
});

/**
 * A canary: `percent` of browsers (sticky per browser) get this version instead of the live one.
 * Only the stored manifest carries it; the server resolves it per browser before the shell sees it.
 */
export const canaryEntrySchema = remoteEntrySchema.extend({ percent: z.number().int().min(0).max(100) });
export type CanaryEntry = z.infer<typeof canaryEntrySchema>;

/** The manifest as stored in the deployment store (`<store>/manifest.json`). */
export const storedManifestSchema = z.object({
  updatedAt: z.string(),
  remotes: z.record(z.string(), remoteEntrySchema.extend({ canary: canaryEntrySchema.optional() })),
});
export type StoredManifest = z.infer<typeof storedManifestSchema>;
export type DeploymentManifest = z.infer<typeof deploymentManifestSchema>;
