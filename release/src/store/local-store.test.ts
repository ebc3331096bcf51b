import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { remoteApp } from '../remotes';
import { tempDir, writeBuild } from '../test-fixtures';
import { contentDigest } from './content-digest';
import type { DeployInfo } from './deployment-store';
import { LocalDeploymentStore } from './local-store';

const wallet = remoteApp('mfe-wallet');

const infoFor = async (dir: string, version = '1.0.0'): Promise<DeployInfo> => ({
  name: wallet.name,
  folder: wallet.folder,
  version,
  gitCommit: 'abc123',
  gitDirty: false,
  builtAt: '2026-01-01T00:00:00.000Z',
  deployedAt: '2026-01-02T00:00:00.000Z',
  contentDigest: await contentDigest(dir),
  exposes: ['./screens'],
  shared: [],
  routes: [],
});

describe('LocalDeploymentStore', () => {
  it('copies a build to <folder>/<version>/ with its deploy.json', async () => {
    const repo = await tempDir('repo');
    const build = await writeBuild(repo, wallet, '1.0.0');
    const store = new LocalDeploymentStore(await tempDir('deploy'));

    await expect(store.putVersion(build, await infoFor(build))).resolves.toBe('created');

    const target = path.join(store.rootDir, 'mfe-wallet', '1.0.0');
    expect((await readdir(target)).sort()).toEqual([
      'assets',
      'deploy.json',
      'mf-manifest.json',
      'remoteEntry.js',
      'routes.json',
    ]);
    expect(await readFile(path.join(target, 'assets', 'chunk.js'), 'utf8')).toBe('console.log(1);');
    expect((await store.readDeployInfo('mfe-wallet', '1.0.0'))?.gitCommit).toBe('abc123');
    expect(await store.listVersions('mfe-wallet')).toEqual(['1.0.0']);
  });

  it('skips a version already deployed with identical content', async () => {
    const repo = await tempDir('repo');
    const build = await writeBuild(repo, wallet, '1.0.0');
    const store = new LocalDeploymentStore(await tempDir('deploy'));
    await store.putVersion(build, await infoFor(build));

    await expect(store.putVersion(build, { ...(await infoFor(build)), gitCommit: 'later' })).resolves.toBe('unchanged');
    expect((await store.readDeployInfo('mfe-wallet', '1.0.0'))?.gitCommit).toBe('abc123');
  });

  it('refuses a different build under a version that is already deployed', async () => {
    const repo = await tempDir('repo');
    const first = await writeBuild(repo, wallet, '1.0.0');
    const store = new LocalDeploymentStore(await tempDir('deploy'));
    await store.putVersion(first, await infoFor(first));

    const changed = await writeBuild(repo, wallet, '1.0.0', { chunk: 'console.log(2);' });
    await expect(store.putVersion(changed, await infoFor(changed))).rejects.toThrow(
      'mfe-wallet 1.0.0 is already deployed with different content',
    );
    const kept = path.join(store.rootDir, 'mfe-wallet', '1.0.0', 'assets', 'chunk.js');
    expect(await readFile(kept, 'utf8')).toBe('console.log(1);');
  });

  it('with replace, swaps in the new build of a deployed version', async () => {
    const repo = await tempDir('repo');
    const first = await writeBuild(repo, wallet, '1.0.0');
    const store = new LocalDeploymentStore(await tempDir('deploy'));
    await store.putVersion(first, await infoFor(first));

    const changed = await writeBuild(repo, wallet, '1.0.0', { chunk: 'console.log(2);' });
    await expect(store.putVersion(changed, await infoFor(changed), { replace: true })).resolves.toBe('replaced');

    const kept = path.join(store.rootDir, 'mfe-wallet', '1.0.0', 'assets', 'chunk.js');
    expect(await readFile(kept, 'utf8')).toBe('console.log(2);');
    expect(await readdir(path.join(store.rootDir, 'mfe-wallet'))).toEqual(['1.0.0']);
  });

  it('replaces the manifest whole and leaves no temporary file behind', async () => {
    const store = new LocalDeploymentStore(await tempDir('deploy'));
    expect(await store.readManifest()).toBeNull();
    const entry = {
      name: 'mfe_wallet',
      version: '1.0.0',
      entry: '/mfe/mfe-wallet/1.0.0/mf-manifest.json',
      namespace: 'wallet',
      routes: [],
    };
    await store.writeManifest({ updatedAt: '2026-01-01T00:00:00.000Z', remotes: { 'mfe-wallet': entry } });
    await store.writeManifest({
      updatedAt: '2026-01-02T00:00:00.000Z',
      remotes: { 'mfe-wallet': { ...entry, version: '1.0.1' } },
    });

    expect((await store.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.1');
    expect(await readdir(store.rootDir)).toEqual(['manifest.json']);
  });
});
