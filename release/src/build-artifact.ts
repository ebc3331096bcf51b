import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { routeMetaListSchema, type RouteMeta } from '@marketplace/shared/contracts';
import type { RemoteApp } from './remotes';

/** The parts of `mf-manifest.json` the release tool records. */
interface FederationManifest {
  name: string;
  metaData: { remoteEntry: { name: string } };
  exposes: Array<{ path: string }>;
  shared: Array<{ name: string; version: string; requiredVersion: string; singleton?: boolean }>;
}

/** One remote's build output, `mfe-<x>/dist/<version>/`, checked before it may be deployed. */
export interface BuildArtifact {
  remote: RemoteApp;
  version: string;
  dir: string;
  builtAt: string;
  routes: RouteMeta[];
  exposes: string[];
  shared: Array<{ name: string; version: string; requiredVersion: string; singleton: boolean }>;
}

export class ArtifactError extends Error {
  override name = 'ArtifactError';
}

const readJsonFile = async (file: string, hint: string): Promise<unknown> => {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not valid JSON';
    throw new ArtifactError(`${file} ${reason}. ${hint}`);
  }
};

/** A remote's version: `VERSION` from the environment (as the build uses it), else package.json. */
export const remoteVersion = async (repoDir: string, remote: RemoteApp, env = process.env): Promise<string> => {
  if (env.VERSION) return env.VERSION;
  const pkg = (await readJsonFile(path.join(repoDir, remote.folder, 'package.json'), '')) as { version?: string };
  if (!pkg.version) throw new ArtifactError(`${remote.folder}/package.json has no version`);
  return pkg.version;
};

export const readBuildArtifact = async (
  repoDir: string,
  remote: RemoteApp,
  version: string,
): Promise<BuildArtifact> => {
  const dir = path.join(repoDir, remote.folder, 'dist', version);
  const hint = `Build it first: npm run build -w ${remote.folder}`;
  const manifest = (await readJsonFile(path.join(dir, 'mf-manifest.json'), hint)) as FederationManifest;
  if (manifest.name !== remote.name) {
    throw new ArtifactError(`${dir}/mf-manifest.json is for ${manifest.name}, expected ${remote.name}`);
  }
  await stat(path.join(dir, manifest.metaData.remoteEntry.name)).catch(() => {
    throw new ArtifactError(`${dir} has no ${manifest.metaData.remoteEntry.name}. ${hint}`);
  });
  const routes = routeMetaListSchema.safeParse(await readJsonFile(path.join(dir, 'routes.json'), hint));
  if (!routes.success) throw new ArtifactError(`${dir}/routes.json is not a route list: ${routes.error.message}`);
  return {
    remote,
    version,
    dir,
    builtAt: (await stat(path.join(dir, 'mf-manifest.json'))).mtime.toISOString(),
    routes: routes.data,
    exposes: manifest.exposes.map((expose) => expose.path),
    shared: manifest.shared
      .map(({ name, version: sharedVersion, requiredVersion, singleton }) => ({
        name,
        version: sharedVersion,
        requiredVersion,
        singleton: singleton === true,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
};
