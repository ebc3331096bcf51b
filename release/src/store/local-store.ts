import { randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deploymentManifestSchema, type DeploymentManifest } from '@marketplace/shared/contracts';
import { contentDigest } from './content-digest';
import { VersionConflictError, type DeployInfo, type DeploymentStore, type PutVersionResult } from './deployment-store';

const MANIFEST_FILE = 'manifest.json';
const DEPLOY_INFO_FILE = 'deploy.json';

const readJson = async (file: string): Promise<unknown | null> => {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

const exists = async (file: string): Promise<boolean> => {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
};

/** Writes beside the target, then renames: a rename within one folder is atomic. */
const writeFileAtomic = async (file: string, text: string): Promise<void> => {
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
};

/** The deployment store on local disk (`var/deploy`), served by the embedded server at `/mfe/`. */
export class LocalDeploymentStore implements DeploymentStore {
  constructor(readonly rootDir: string) {}

  private versionDir(folder: string, version: string): string {
    return path.join(this.rootDir, folder, version);
  }

  async putVersion(sourceDir: string, info: DeployInfo, { replace = false } = {}): Promise<PutVersionResult> {
    const target = this.versionDir(info.folder, info.version);
    const existing = await exists(target);
    if (existing) {
      if ((await contentDigest(target)) === info.contentDigest) return 'unchanged';
      if (!replace) throw new VersionConflictError(info.folder, info.version, target);
    }
    // Copy into a hidden folder first so a half-copied version is never visible under its name.
    await mkdir(path.dirname(target), { recursive: true });
    const hidden = (purpose: string) => path.join(path.dirname(target), `.${info.version}.${purpose}.${randomUUID()}`);
    const staging = hidden('staging');
    try {
      await cp(sourceDir, staging, { recursive: true });
      await writeFile(path.join(staging, DEPLOY_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
      if (existing) {
        const previous = hidden('replaced');
        await rename(target, previous);
        await rename(staging, target);
        await rm(previous, { recursive: true, force: true });
        return 'replaced';
      }
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    return 'created';
  }

  async readDeployInfo(folder: string, version: string): Promise<DeployInfo | null> {
    return (await readJson(path.join(this.versionDir(folder, version), DEPLOY_INFO_FILE))) as DeployInfo | null;
  }

  async listVersions(folder: string): Promise<string[]> {
    try {
      const entries = await readdir(path.join(this.rootDir, folder), { withFileTypes: true });
      return entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async readManifest(): Promise<DeploymentManifest | null> {
    const raw = await readJson(path.join(this.rootDir, MANIFEST_FILE));
    return raw === null ? null : deploymentManifestSchema.parse(raw);
  }

  async writeManifest(manifest: DeploymentManifest): Promise<void> {
    await mkdir(this.rootDir, { recursive: true });
    await writeFileAtomic(
      path.join(this.rootDir, MANIFEST_FILE),
      `${JSON.stringify(deploymentManifestSchema.parse(manifest), null, 2)}\n`,
    );
  }
}
