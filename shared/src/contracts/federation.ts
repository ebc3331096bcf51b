import { z } from 'zod';

export * from './federation-constants';

/**
 * Route metadata a remote publishes with each build (`routes.json` beside `mf-manifest.json`),
 * so the shell knows which remote owns a path before loading any remote code.
 */
export const routeMetaSchema = z.object({
  /** React Router path, e.g. `/detail/:product?/:mer?`. */
  path: z.string().startsWith('/'),
  /** i18next key of the page title, `<namespace>:<key>`. */
  titleKey: z.string().min(1),
  /** Reachable without a token (requirements §2.2). */
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
