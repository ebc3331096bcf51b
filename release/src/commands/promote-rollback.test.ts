import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { remoteApp } from '../remotes';
import { sandbox, writeBuild, writeShell, type BuildOptions, type Sandbox } from '../test-fixtures';
import { deployRemote } from './deploy';
import { promote } from './promote';
import { rollback } from './rollback';

const wallet = remoteApp('mfe-wallet');
const catalogue = remoteApp('mfe-catalogue');

const deploy = async (box: Sandbox, remote = wallet, version = '1.0.0', build: BuildOptions = {}, force = false) => {
  await writeBuild(box.repoDir, remote, version, { chunk: `console.log(${JSON.stringify(version)});`, ...build });
  await deployRemote(box.ctx, remote, { version, force });
};

const live = async (box: Sandbox, remote = wallet) => (await box.store.readManifest())?.remotes[remote.folder];

/** A store with catalogue 1.0.0 live and wallet 1.0.0, 2.0.0, 3.0.0 deployed. */
const withVersions = async () => {
  const box = await sandbox();
  await deploy(box, catalogue, '1.0.0');
  await promote(box.ctx, catalogue, '1.0.0');
  for (const version of ['1.0.0', '2.0.0', '3.0.0']) await deploy(box, wallet, version);
  return box;
};

describe('promote <remote> <version>', () => {
  it('makes a deployed version live for everyone and leaves other remotes as they were', async () => {
    const box = await withVersions();
    const catalogueBefore = await live(box, catalogue);

    await promote(box.ctx, wallet, '1.0.0');
    await promote(box.ctx, wallet, '2.0.0');

    expect(await live(box)).toEqual({
      name: 'mfe_wallet',
      version: '2.0.0',
      entry: '/mfe/mfe-wallet/2.0.0/mf-manifest.json',
      namespace: 'wallet',
      routes: [{ path: '/wallet', titleKey: 'wallet:title', public: false, keepAlive: false }],
    });
    expect(await live(box, catalogue)).toEqual(catalogueBefore);
    expect((await box.store.readHistory()).previous['mfe-wallet']).toEqual(['1.0.0']);
    expect((await box.store.readAudit()).filter((e) => e.command === 'promote').map((e) => [e.from, e.to])).toEqual([
      [null, '1.0.0'],
      [null, '1.0.0'],
      ['1.0.0', '2.0.0'],
    ]);
  });

  it('refuses a version that is not deployed, naming the deployed ones', async () => {
    const box = await withVersions();
    await expect(promote(box.ctx, wallet, '9.0.0')).rejects.toThrow(
      'mfe-wallet 9.0.0 is not deployed. Deployed versions: 1.0.0, 2.0.0, 3.0.0.',
    );
  });

  it('runs the contract check against the live shell and refuses a version it no longer fits', async () => {
    const box = await withVersions();
    await promote(box.ctx, wallet, '1.0.0');
    // The shell moved on to React 20 after 2.0.0 was deployed.
    await writeShell(box.shellDir, [{ name: 'react', version: '20.1.0', requiredVersion: '^20.1.0', singleton: true }]);

    await expect(promote(box.ctx, wallet, '2.0.0')).rejects.toThrow(
      'requires react ^19.3.1 as a shared singleton, but the live shell 1.0.0 provides react 20.1.0',
    );
    expect((await live(box))?.version).toBe('1.0.0');

    await promote(box.ctx, wallet, '2.0.0', { force: true });
    expect((await live(box))?.version).toBe('2.0.0');
    expect((await box.store.readAudit()).at(-1)?.forced).toHaveLength(1);
  });

  it('promoting the live version again changes nothing', async () => {
    const box = await withVersions();
    await promote(box.ctx, wallet, '1.0.0');
    const audit = await box.store.readAudit();

    await promote(box.ctx, wallet, '1.0.0');

    expect(box.lines.at(-1)).toBe('mfe-wallet 1.0.0 is already live; nothing changed.');
    expect(await box.store.readAudit()).toEqual(audit);
  });
});

describe('rollback <remote>', () => {
  it('makes the previous live version live again, without touching any file or other remote', async () => {
    const box = await withVersions();
    await promote(box.ctx, wallet, '1.0.0');
    await promote(box.ctx, wallet, '2.0.0');
    const catalogueBefore = await live(box, catalogue);
    const v2Entry = await readFile(path.join(box.deployDir, 'mfe-wallet/2.0.0/remoteEntry.js'), 'utf8');

    await rollback(box.ctx, wallet);

    expect((await live(box))?.entry).toBe('/mfe/mfe-wallet/1.0.0/mf-manifest.json');
    expect(await live(box, catalogue)).toEqual(catalogueBefore);
    expect(await readFile(path.join(box.deployDir, 'mfe-wallet/2.0.0/remoteEntry.js'), 'utf8')).toBe(v2Entry);
    expect((await box.store.readAudit()).at(-1)).toMatchObject({ command: 'rollback', from: '2.0.0', to: '1.0.0' });
    expect(box.lines.at(-1)).toBe('mfe-wallet rolled back from 2.0.0 to 1.0.0.');
  });

  it('steps back one live version per rollback', async () => {
    const box = await withVersions();
    for (const version of ['1.0.0', '2.0.0', '3.0.0']) await promote(box.ctx, wallet, version);

    await rollback(box.ctx, wallet);
    expect((await live(box))?.version).toBe('2.0.0');
    await rollback(box.ctx, wallet);
    expect((await live(box))?.version).toBe('1.0.0');
    await expect(rollback(box.ctx, wallet)).rejects.toThrow(
      'mfe-wallet has no earlier live version than 1.0.0. Name one with --to: 2.0.0, 3.0.0',
    );
  });

  it('--to makes the named deployed version live', async () => {
    const box = await withVersions();
    for (const version of ['1.0.0', '2.0.0', '3.0.0']) await promote(box.ctx, wallet, version);

    await rollback(box.ctx, wallet, { to: '1.0.0' });

    expect((await live(box))?.version).toBe('1.0.0');
    expect((await box.store.readHistory()).previous['mfe-wallet']).toEqual([]);
    await expect(rollback(box.ctx, wallet, { to: '1.0.0' })).rejects.toThrow('mfe-wallet 1.0.0 is already live');
    await expect(rollback(box.ctx, wallet, { to: '0.9.0' })).rejects.toThrow('mfe-wallet 0.9.0 is not deployed');
  });

  it('refuses a remote that has nothing live', async () => {
    const box = await withVersions();
    await expect(rollback(box.ctx, wallet)).rejects.toThrow('mfe-wallet has no live version to roll back');
  });

  it('skips a history entry equal to the live version (a crash between the history and manifest writes)', async () => {
    const box = await withVersions();
    await promote(box.ctx, wallet, '1.0.0');
    await promote(box.ctx, wallet, '2.0.0');
    await box.store.writeHistory({ previous: { 'mfe-wallet': ['1.0.0', '2.0.0'] } });

    await rollback(box.ctx, wallet);

    expect((await live(box))?.version).toBe('1.0.0');
  });
});
