import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { remoteApp } from '../remotes';
import { sandbox, writeBuild } from '../test-fixtures';
import { deployAll } from './deploy';

const remotes = [remoteApp('mfe-catalogue'), remoteApp('mfe-wallet')];

const setup = async () => {
  const box = await sandbox();
  const run = (promote: boolean, env: NodeJS.ProcessEnv = {}) => deployAll({ ...box.ctx, env }, { remotes, promote });
  return { ...box, run };
};

/** Every remote's 1.0.0 deployed and live, and a different 1.1.0 of each built, not yet deployed. */
const liveAndRebuilt = async () => {
  const box = await setup();
  for (const remote of remotes) await writeBuild(box.repoDir, remote, '1.0.0');
  await box.run(true);
  for (const remote of remotes) await writeBuild(box.repoDir, remote, '1.1.0', { chunk: 'console.log("1.1");' });
  return box;
};

describe('deploy-all', () => {
  it('deploys every remote and, with --promote, points the manifest at the new versions', async () => {
    const { repoDir, run, store, lines } = await setup();
    for (const remote of remotes) await writeBuild(repoDir, remote, '1.2.0');

    await run(true);

    const manifest = await store.readManifest();
    expect(manifest?.remotes['mfe-wallet']).toEqual({
      name: 'mfe_wallet',
      version: '1.2.0',
      entry: '/mfe/mfe-wallet/1.2.0/mf-manifest.json',
      namespace: 'wallet',
      routes: [{ path: '/wallet', titleKey: 'wallet:title', public: false, keepAlive: false }],
    });
    expect(manifest?.remotes['mfe-catalogue']?.entry).toBe('/mfe/mfe-catalogue/1.2.0/mf-manifest.json');
    const info = await store.readDeployInfo('mfe-wallet', '1.2.0');
    expect(info).toMatchObject({
      version: '1.2.0',
      exposes: ['./screens'],
      shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }],
    });
    expect(info?.contentDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(lines).toContain('mfe-wallet 1.2.0: deployed');
    expect((await store.readAudit()).map((entry) => `${entry.command} ${entry.remote} ${entry.to}`)).toEqual([
      'deploy-all mfe-catalogue 1.2.0',
      'deploy-all mfe-wallet 1.2.0',
      'deploy-all mfe-catalogue 1.2.0',
      'deploy-all mfe-wallet 1.2.0',
    ]);
  });

  it('without --promote leaves the live manifest as it was', async () => {
    const { run, store } = await liveAndRebuilt();

    await run(false);

    expect((await store.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.0');
    expect((await store.listVersions('mfe-wallet')).sort()).toEqual(['1.0.0', '1.1.0']);
  });

  it('records the replaced live version as previous when it promotes a new one', async () => {
    const { run, store } = await liveAndRebuilt();

    await run(true);

    expect((await store.readHistory()).previous).toEqual({ 'mfe-catalogue': ['1.0.0'], 'mfe-wallet': ['1.0.0'] });
  });

  it('is repeatable: deploying the same builds again changes nothing', async () => {
    const { repoDir, run, lines, store } = await setup();
    for (const remote of remotes) await writeBuild(repoDir, remote, '1.0.0');
    await run(true);
    const auditBefore = await store.readAudit();
    lines.length = 0;

    await run(true);

    expect(lines).toContain('mfe-catalogue 1.0.0: already deployed, same build');
    expect(await store.readAudit()).toEqual(auditBefore);
  });

  it('copies nothing when one remote has not been built', async () => {
    const { repoDir, deployDir, run } = await setup();
    await writeBuild(repoDir, remoteApp('mfe-catalogue'), '1.0.0');
    await mkdir(path.join(repoDir, 'mfe-wallet'));
    await writeFile(path.join(repoDir, 'mfe-wallet', 'package.json'), JSON.stringify({ version: '1.0.0' }));

    await expect(run(true)).rejects.toThrow('Build it first: npm run build -w mfe-wallet');
    expect(await readdir(deployDir)).toEqual([]);
  });

  it('deploys the version given in VERSION instead of package.json', async () => {
    const { repoDir, run, store } = await setup();
    for (const remote of remotes) await writeBuild(repoDir, remote, '2.0.0-rc.1');
    for (const remote of remotes) await writeBuild(repoDir, remote, '1.0.0');

    await run(true, { VERSION: '2.0.0-rc.1' });

    expect((await store.readManifest())?.remotes['mfe-catalogue']?.version).toBe('2.0.0-rc.1');
  });

  it('refuses a route list that does not match the contract', async () => {
    const { repoDir, run } = await setup();
    for (const remote of remotes) await writeBuild(repoDir, remote, '1.0.0');
    await writeBuild(repoDir, remoteApp('mfe-wallet'), '1.0.0', {
      routes: [{ path: 'topUp', titleKey: 'wallet:title.topUp', public: false, keepAlive: false }],
    });

    await expect(run(true)).rejects.toThrow('routes.json is not a route list');
  });
});
