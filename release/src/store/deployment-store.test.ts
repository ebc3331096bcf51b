import { remoteApp } from '../remotes';
import { deployInfoFor, tempDir, writeBuild } from '../test-fixtures';
import { allBackends } from './store-backends';

const wallet = remoteApp('mfe-wallet');

const infoFor = (dir: string, version?: string) => deployInfoFor(wallet, dir, version);

/** The same contract on every store: the local folder, and the S3 store on each test server. */
describe.each(allBackends())('$name deployment store', (backend) => {
  beforeAll(() => backend.start(), 90_000);
  afterAll(() => backend.stop());

  it('copies a build to <folder>/<version>/ with its deploy.json', async () => {
    const repo = await tempDir('repo');
    const build = await writeBuild(repo, wallet, '1.0.0');
    const { store, files, read } = await backend.open();

    await expect(store.putVersion(build, await infoFor(build))).resolves.toBe('created');

    expect(await files('mfe-wallet/1.0.0/')).toEqual(
      [
        'assets/chunk.js',
        'deploy.json',
        'mf-manifest.json',
        'remoteEntry.js',
        'routes.json',
        'shared-contract.json',
      ].map((file) => `mfe-wallet/1.0.0/${file}`),
    );
    expect(await read('mfe-wallet/1.0.0/assets/chunk.js')).toBe('console.log(1);');
    expect((await store.readDeployInfo('mfe-wallet', '1.0.0'))?.gitCommit).toBe('abc123');
    expect(await store.readVersionFile('mfe-wallet', '1.0.0', 'assets/chunk.js')).toBe('console.log(1);');
    expect(await store.readVersionFile('mfe-wallet', '1.0.0', '../../manifest.json')).toBeNull();
    expect(await store.listVersions('mfe-wallet')).toEqual(['1.0.0']);
    expect(await store.listRemotes()).toEqual(['mfe-wallet']);
  });

  it('skips a version already deployed with identical content', async () => {
    const repo = await tempDir('repo');
    const build = await writeBuild(repo, wallet, '1.0.0');
    const { store } = await backend.open();
    await store.putVersion(build, await infoFor(build));

    await expect(store.putVersion(build, { ...(await infoFor(build)), gitCommit: 'later' })).resolves.toBe('unchanged');
    expect((await store.readDeployInfo('mfe-wallet', '1.0.0'))?.gitCommit).toBe('abc123');
  });

  it('refuses a different build under a version that is already deployed', async () => {
    const repo = await tempDir('repo');
    const first = await writeBuild(repo, wallet, '1.0.0');
    const { store, read } = await backend.open();
    await store.putVersion(first, await infoFor(first));

    const changed = await writeBuild(repo, wallet, '1.0.0', { chunk: 'console.log(2);' });
    await expect(store.putVersion(changed, await infoFor(changed))).rejects.toThrow(
      'mfe-wallet 1.0.0 is already deployed with different content',
    );
    expect(await read('mfe-wallet/1.0.0/assets/chunk.js')).toBe('console.log(1);');
  });

  it(
    backend.kind === 'local'
      ? 'with replace, swaps in the new build of a deployed version'
      : 'with replace, still refuses a different build: a version in an object store never changes',
    async () => {
      const repo = await tempDir('repo');
      const first = await writeBuild(repo, wallet, '1.0.0');
      const { store, files, read } = await backend.open();
      await store.putVersion(first, await infoFor(first));

      const changed = await writeBuild(repo, wallet, '1.0.0', { chunk: 'console.log(2);' });
      const replacing = store.putVersion(changed, await infoFor(changed), { replace: true });
      if (backend.kind === 'local') {
        await expect(replacing).resolves.toBe('replaced');
        expect(await read('mfe-wallet/1.0.0/assets/chunk.js')).toBe('console.log(2);');
      } else {
        await expect(replacing).rejects.toThrow('mfe-wallet 1.0.0 is already deployed with different content');
        expect(await read('mfe-wallet/1.0.0/assets/chunk.js')).toBe('console.log(1);');
      }
      expect(await files('mfe-wallet/')).toHaveLength(6);
      expect(await store.listVersions('mfe-wallet')).toEqual(['1.0.0']);
    },
  );

  it('replaces the manifest whole and leaves no temporary file behind', async () => {
    const { store, files } = await backend.open();
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
    expect(await files()).toEqual(['manifest.json']);
  });

  it('keeps the history and the audit log', async () => {
    const { store, another } = await backend.open();
    expect(await store.readHistory()).toEqual({ previous: {} });
    expect(await store.readAudit()).toEqual([]);
    await store.writeHistory({ previous: { 'mfe-wallet': ['1.0.0'] } });
    const entry = {
      at: '2026-01-01T00:00:00.000Z',
      who: 'alice',
      host: 'h',
      command: 'promote' as const,
      remote: 'mfe-wallet',
      from: '1.0.0',
      to: '2.0.0',
    };
    await store.appendAudit(entry);
    await store.appendAudit({ ...entry, from: '2.0.0', to: '3.0.0' });

    const reader = another();
    expect(await reader.readHistory()).toEqual({ previous: { 'mfe-wallet': ['1.0.0'] } });
    expect((await reader.readAudit()).map((line) => line.to)).toEqual(['2.0.0', '3.0.0']);
  });
});
