import { z } from 'zod';

/**
 * Route metadata a remote publishes with each build (`routes.json` beside `mf-manifest.json`),
 * so the shell knows which remote owns a path before loading any remote code.
 */
export const routeMetaSchema = z.object({
  /** React Router path, e.g. `/detail/:product?/:mer?`. */
  path: z.string().startsWith('/'),
  /** i18next key of the page title, `<namespace>:<key>`. */
  titleKey: z.string().min(1),
  /** Reachable without a token (spec section 2 public pages). */
  public: z.boolean(),
  /** Cached when left: state and scroll kept (Home, Explore, Bag, Filter). */
  keepAlive: z.boolean(),
});
export type RouteMeta = z.infer<typeof routeMetaSchema>;
export const routeMetaListSchema = z.array(routeMetaSchema);

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

/** `/mfe/manifest.json`: remote key (folder name, e.g. `mfe-wallet`) to its live entry. */
export const deploymentManifestSchema = z.object({
  updatedAt: z.string(),
  remotes: z.record(z.string(), remoteEntrySchema),
});
export type DeploymentManifest = z.infer<typeof deploymentManifestSchema>;

export const DEPLOYMENT_MANIFEST_PATH = '/mfe/manifest.json';
/** Each remote exposes exactly this module. */
export const REMOTE_EXPOSE = './screens';
