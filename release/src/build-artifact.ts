import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RouteMeta } from '@marketplace/shared/contracts';
import { ArtifactError, inspectVersion, type InspectedVersion, type SharedRequirement } from './inspect-version';
import type { RemoteApp } from './remotes';

export { ArtifactError } from './inspect-version';

/** One remote's build output, `mfe-<x>/dist/<version>/`. */
export interface BuildArtifact {
  remote: RemoteApp;
  version: string;
  dir: string;
  builtAt: string;
  /** The valid route list, or `[]` when `inspected.routesProblem` says it is missing or invalid. */
  routes: RouteMeta[];
  exposes: string[];
  shared: SharedRequirement[];
  inspected: InspectedVersion;
}

const buildHint = (remote: RemoteApp) => `Build it first: npm run build -w ${remote.folder}`;

const readTextOrNull = async (file: string): Promise<string | null> => {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return null;
    throw error;
  }
};

/** Versions found in `mfe-<x>/dist/`, for messages. */
const builtVersions = async (repoDir: string, remote: RemoteApp): Promise<string[]> => {
  try {
    const entries = await readdir(path.join(repoDir, remote.folder, 'dist'), { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
};

/** A remote's version: `VERSION` from the environment (as the build uses it), else package.json. */
export const remoteVersion = async (repoDir: string, remote: RemoteApp, env = process.env): Promise<string> => {
  if (env.VERSION) return env.VERSION;
  const text = await readTextOrNull(path.join(repoDir, remote.folder, 'package.json'));
  const pkg = (text === null ? null : JSON.parse(text)) as { version?: string } | null;
  if (!pkg?.version) throw new ArtifactError(`${remote.folder}/package.json has no version`);
  return pkg.version;
};

/**
 * Reads a build folder. Only a missing or foreign `mf-manifest.json` is refused here; other defects
 * are in `inspected` for the contract check (or `assertCompleteBuild`) to judge.
 */
export const readBuildArtifact = async (
  repoDir: string,
  remote: RemoteApp,
  version: string,
): Promise<BuildArtifact> => {
  const dir = path.join(repoDir, remote.folder, 'dist', version);
  const built = await builtVersions(repoDir, remote);
  const hint =
    built.length > 0 && !built.includes(version)
      ? `Built versions: ${built.join(', ')}. Pick one with --version, or ${buildHint(remote).toLowerCase()}`
      : buildHint(remote);
  const inspected = await inspectVersion((file) => readTextOrNull(path.join(dir, file)), dir, hint);
  if (inspected.name !== remote.name) {
    throw new ArtifactError(`${dir}/mf-manifest.json is for ${inspected.name}, expected ${remote.name}`);
  }
  return {
    remote,
    version,
    dir,
    builtAt: (await stat(path.join(dir, 'mf-manifest.json'))).mtime.toISOString(),
    routes: inspected.routes ?? [],
    exposes: inspected.exposes,
    shared: inspected.shared,
    inspected,
  };
};

/** For `deploy-all`: a build without its entry file or valid route metadata is refused. */
export const assertCompleteBuild = (artifact: BuildArtifact): void => {
  const { inspected, dir, remote } = artifact;
  if (!inspected.entryPresent) throw new ArtifactError(`${dir} has no ${inspected.entryFile}. ${buildHint(remote)}`);
  if (inspected.routesProblem) throw new ArtifactError(`${dir} ${inspected.routesProblem}`);
};
