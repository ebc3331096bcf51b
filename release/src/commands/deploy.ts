import type { DeploymentManifest, RemoteEntry } from '@marketplace/shared/contracts';
import type { BuildArtifact } from '../build-artifact';
import { contentDigest } from '../store/content-digest';
import type { DeploymentStore, PutVersionResult } from '../store/deployment-store';

export interface DeployOptions {
  gitCommit: string | null;
  gitDirty: boolean;
  /** Overwrite a same-version deploy with different content (local development only). */
  replace?: boolean;
  now?: Date;
}

/** Copies one checked build into the store as an immutable version. The live manifest is untouched. */
export const deployArtifact = async (
  store: DeploymentStore,
  artifact: BuildArtifact,
  { gitCommit, gitDirty, replace = false, now = new Date() }: DeployOptions,
): Promise<PutVersionResult> =>
  store.putVersion(
    artifact.dir,
    {
      name: artifact.remote.name,
      folder: artifact.remote.folder,
      version: artifact.version,
      gitCommit,
      gitDirty,
      builtAt: artifact.builtAt,
      deployedAt: now.toISOString(),
      contentDigest: await contentDigest(artifact.dir),
      exposes: artifact.exposes,
      shared: artifact.shared,
      routes: artifact.routes,
    },
    { replace },
  );

/** The manifest entry of a deployed version; `mfeBaseUrl` is where the store is served. */
export const manifestEntry = (artifact: BuildArtifact, mfeBaseUrl: string): RemoteEntry => ({
  name: artifact.remote.name,
  version: artifact.version,
  entry: `${mfeBaseUrl.replace(/\/$/, '')}/${artifact.remote.folder}/${artifact.version}/mf-manifest.json`,
  namespace: artifact.remote.namespace,
  routes: artifact.routes,
});

/** Makes the given versions live in one manifest write; other remotes keep their entries. */
export const promoteArtifacts = async (
  store: DeploymentStore,
  artifacts: readonly BuildArtifact[],
  mfeBaseUrl: string,
  now = new Date(),
): Promise<DeploymentManifest> => {
  const current = await store.readManifest();
  const manifest: DeploymentManifest = {
    updatedAt: now.toISOString(),
    remotes: {
      ...current?.remotes,
      ...Object.fromEntries(artifacts.map((artifact) => [artifact.remote.folder, manifestEntry(artifact, mfeBaseUrl)])),
    },
  };
  await store.writeManifest(manifest);
  return manifest;
};
