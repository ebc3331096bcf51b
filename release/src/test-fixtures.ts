import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteMeta } from '@marketplace/shared/contracts';
import type { RemoteApp } from './remotes';

export const tempDir = (prefix: string): Promise<string> => mkdtemp(path.join(tmpdir(), `release-${prefix}-`));

/** Writes what `npm run build -w <folder>` leaves in `dist/<version>/` for a remote. */
export const writeBuild = async (
  repoDir: string,
  remote: RemoteApp,
  version: string,
  { chunk = 'console.log(1);', routes }: { chunk?: string; routes?: RouteMeta[] } = {},
): Promise<string> => {
  const dir = path.join(repoDir, remote.folder, 'dist', version);
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(repoDir, remote.folder, 'package.json'), JSON.stringify({ version }));
  await writeFile(path.join(dir, 'remoteEntry.js'), 'var entry;');
  await writeFile(path.join(dir, 'assets', 'chunk.js'), chunk);
  await writeFile(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: remote.name,
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      exposes: [{ path: './screens' }],
      shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }],
    }),
  );
  await writeFile(
    path.join(dir, 'routes.json'),
    JSON.stringify(
      routes ?? [
        { path: `/${remote.namespace}`, titleKey: `${remote.namespace}:title`, public: false, keepAlive: false },
      ],
    ),
  );
  return dir;
};
