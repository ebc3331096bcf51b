import type { DeploymentManifest } from '@marketplace/shared/contracts';

/** What the release tool records beside each deployed version (`deploy.json`). */
export interface DeployInfo {
  name: string;
  folder: string;
  version: string;
  gitCommit: string | null;
  /** True when the working tree had uncommitted changes at deploy time. */
  gitDirty: boolean;
  builtAt: string;
  deployedAt: string;
  /** Digest of the build output, used to tell a re-deploy of the same build from a clash. */
  contentDigest: string;
  exposes: string[];
  shared: Array<{ name: string; version: string; requiredVersion: string; singleton: boolean }>;
  routes: unknown[];
}

export type PutVersionResult = 'created' | 'unchanged' | 'replaced';

/**
 * Where deployed remote versions and the live manifest live. Versions are immutable; the
 * manifest is replaced as a whole. The local store serves the embedded setup; an object-store
 * implementation serves a CDN.
 */
export interface DeploymentStore {
  /**
   * Stores a build as `<folder>/<version>/`. An identical existing build is left alone; a
   * different build under the same version is refused, since versions are immutable, unless
   * `replace` is set (a local store rebuilt without a version bump during development).
   */
  putVersion(sourceDir: string, info: DeployInfo, options?: { replace?: boolean }): Promise<PutVersionResult>;
  readDeployInfo(folder: string, version: string): Promise<DeployInfo | null>;
  listVersions(folder: string): Promise<string[]>;
  readManifest(): Promise<DeploymentManifest | null>;
  /** Replaces the manifest atomically: readers see the old one or the new one, never a mix. */
  writeManifest(manifest: DeploymentManifest): Promise<void>;
}

export class VersionConflictError extends Error {
  /** @param location where the deployed copy is, so a developer can remove a local one on purpose */
  constructor(folder: string, version: string, location?: string) {
    super(
      `${folder} ${version} is already deployed with different content. Deployed versions are immutable: ` +
        `bump the version in ${folder}/package.json (or set VERSION) and build again.` +
        (location ? ` In a local development store, deploy with --replace (or delete ${location}).` : ''),
    );
    this.name = 'VersionConflictError';
  }
}
