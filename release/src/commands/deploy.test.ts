import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { remoteApp } from '../remotes';
import { sandbox, writeBuild } from '../test-fixtures';
import { deployRemote } from './deploy';

const wallet = remoteApp('mfe-wallet');

describe('deploy <remote>', () => {
  it('stores the build immutably at <store>/<remote>/<version>/ with its record, and changes nothing live', async () => {
    const { repoDir, ctx, store, deployDir, lines } = await sandbox();
    await writeBuild(repoDir, wallet, '1.0.0');

    await expect(deployRemote(ctx, wallet, {})).resolves.toBe('1.0.0');

    const info = await store.readDeployInfo('mfe-wallet', '1.0.0');
    expect(info).toMatchObject({
      name: 'mfe_wallet',
      folder: 'mfe-wallet',
      version: '1.0.0',
      exposes: ['./screens'],
      shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }],
      routes: [{ path: '/wallet', titleKey: 'wallet:title', public: false, keepAlive: false }],
    });
    expect(info).toHaveProperty('gitCommit');
    expect(info?.builtAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(info).not.toHaveProperty('forcedProblems');
    expect(await readFile(path.join(deployDir, 'mfe-wallet', '1.0.0', 'remoteEntry.js'), 'utf8')).toBe(
      'var entry = "1.0.0";',
    );
    expect(await store.readManifest()).toBeNull();
    expect(await store.readAudit()).toEqual([
      expect.objectContaining({ command: 'deploy', remote: 'mfe-wallet', from: null, to: '1.0.0', who: 'alice' }),
    ]);
    expect(lines).toContain('Make it live: npm run release -- promote mfe-wallet 1.0.0');
  });

  it('takes the version from --version, else VERSION, else package.json', async () => {
    const { repoDir, ctx, store } = await sandbox();
    await writeBuild(repoDir, wallet, '3.0.0');
    await writeBuild(repoDir, wallet, '2.0.0');
    await writeBuild(repoDir, wallet, '1.0.0');

    await deployRemote(ctx, wallet, { version: '3.0.0' });
    await deployRemote({ ...ctx, env: { VERSION: '2.0.0' } }, wallet, {});
    await deployRemote(ctx, wallet, {});

    expect((await store.listVersions('mfe-wallet')).sort()).toEqual(['1.0.0', '2.0.0', '3.0.0']);
  });

  it('refuses to deploy a version that is already deployed, even the same build', async () => {
    const { repoDir, ctx, store } = await sandbox();
    await writeBuild(repoDir, wallet, '1.0.0');
    await deployRemote(ctx, wallet, {});
    await writeBuild(repoDir, wallet, '1.0.0', { chunk: 'console.log("changed");' });

    await expect(deployRemote(ctx, wallet, {})).rejects.toThrow(
      /^mfe-wallet 1.0.0 is already deployed \(at .*\)\. Deployed versions are immutable/,
    );
    await expect(deployRemote(ctx, wallet, {})).rejects.toThrow('already deployed');
    const kept = await store.readVersionFile('mfe-wallet', '1.0.0', 'assets/chunk.js');
    expect(kept).toBe('console.log(1);');
    expect(await store.readAudit()).toHaveLength(1);
  });

  it('names the built versions when the requested one was not built', async () => {
    const { repoDir, ctx } = await sandbox();
    await writeBuild(repoDir, wallet, '1.0.0');

    await expect(deployRemote(ctx, wallet, { version: '9.9.9' })).rejects.toThrow(
      'mf-manifest.json is missing. Built versions: 1.0.0. Pick one with --version',
    );
  });

  it('refuses a build failing the contract check and copies nothing', async () => {
    const { repoDir, ctx, store } = await sandbox();
    await writeBuild(repoDir, wallet, '1.0.0', { exposes: [] });

    await expect(deployRemote(ctx, wallet, {})).rejects.toThrow(
      'mfe-wallet 1.0.0 fails the contract check:\n  - does not expose ./screens (it exposes nothing)',
    );
    expect(await store.listVersions('mfe-wallet')).toEqual([]);
    expect(await store.readAudit()).toEqual([]);
  });

  it('with --force deploys past the contract check, warns, and records the problems', async () => {
    const { repoDir, ctx, store, warnings } = await sandbox();
    await writeBuild(repoDir, wallet, '1.0.0', { routes: null });

    await deployRemote(ctx, wallet, { force: true });

    expect(warnings[0]).toContain('continuing because of --force');
    const forced = ['has no route metadata (routes.json is missing)'];
    expect((await store.readDeployInfo('mfe-wallet', '1.0.0'))?.forcedProblems).toEqual(forced);
    expect((await store.readAudit())[0]?.forced).toEqual(forced);
  });
});
