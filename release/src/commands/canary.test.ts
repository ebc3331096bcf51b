import { remoteApp } from '../remotes';
import { sandbox, writeBuild, type Sandbox } from '../test-fixtures';
import { canary } from './canary';
import { deployRemote } from './deploy';
import { promote } from './promote';
import { rollback } from './rollback';

const wallet = remoteApp('mfe-wallet');

const withLiveAndCandidate = async (): Promise<Sandbox> => {
  const box = await sandbox();
  for (const version of ['1.0.0', '2.0.0']) {
    await writeBuild(box.repoDir, wallet, version, { chunk: `console.log(${JSON.stringify(version)});` });
    await deployRemote(box.ctx, wallet, { version });
  }
  await promote(box.ctx, wallet, '1.0.0');
  return box;
};

const walletEntry = async (box: Sandbox) => (await box.store.readManifest())?.remotes['mfe-wallet'];

describe('canary <remote> <version> --percent N', () => {
  it("writes the remote's canary entry beside its live one", async () => {
    const box = await withLiveAndCandidate();

    await canary(box.ctx, wallet, '2.0.0', { percent: 50 });

    const entry = await walletEntry(box);
    expect(entry?.version).toBe('1.0.0');
    expect(entry?.canary).toEqual({
      name: 'mfe_wallet',
      version: '2.0.0',
      entry: '/mfe/mfe-wallet/2.0.0/mf-manifest.json',
      namespace: 'wallet',
      routes: [{ path: '/wallet', titleKey: 'wallet:title', public: false, keepAlive: false }],
      percent: 50,
    });
    expect((await box.store.readAudit()).at(-1)).toMatchObject({
      command: 'canary',
      from: '1.0.0',
      to: '1.0.0 + canary 2.0.0 at 50%',
    });
  });

  it('changes the share of an running canary', async () => {
    const box = await withLiveAndCandidate();
    await canary(box.ctx, wallet, '2.0.0', { percent: 10 });

    await canary(box.ctx, wallet, '2.0.0', { percent: 60 });

    expect((await walletEntry(box))?.canary?.percent).toBe(60);
  });

  it('is ended by promote: the canary version goes live for everyone', async () => {
    const box = await withLiveAndCandidate();
    await canary(box.ctx, wallet, '2.0.0', { percent: 50 });

    await promote(box.ctx, wallet, '2.0.0');

    const entry = await walletEntry(box);
    expect(entry?.version).toBe('2.0.0');
    expect(entry?.canary).toBeUndefined();
  });

  it('is ended by rollback: everyone keeps the live version', async () => {
    const box = await withLiveAndCandidate();
    await canary(box.ctx, wallet, '2.0.0', { percent: 50 });

    await rollback(box.ctx, wallet);

    const entry = await walletEntry(box);
    expect(entry?.version).toBe('1.0.0');
    expect(entry?.canary).toBeUndefined();
    expect(box.lines.at(-1)).toBe('mfe-wallet: canary 2.0.0 ended; everyone gets 1.0.0.');
  });

  it('refuses the live version, a version not deployed, a remote with nothing live, and a bad percent', async () => {
    const box = await withLiveAndCandidate();
    await expect(canary(box.ctx, wallet, '1.0.0', { percent: 50 })).rejects.toThrow(
      'mfe-wallet 1.0.0 is the live version; a canary needs a different one',
    );
    await expect(canary(box.ctx, wallet, '3.0.0', { percent: 50 })).rejects.toThrow('is not deployed');
    await expect(canary(box.ctx, wallet, '2.0.0', { percent: 101 })).rejects.toThrow(
      '--percent must be a whole number from 0 to 100, not 101',
    );
    const orders = remoteApp('mfe-orders');
    await writeBuild(box.repoDir, orders, '1.0.0');
    await deployRemote(box.ctx, orders, {});
    await expect(canary(box.ctx, orders, '1.0.0', { percent: 5 })).rejects.toThrow(
      'mfe-orders has no live version; promote one before a canary',
    );
    expect((await walletEntry(box))?.canary).toBeUndefined();
  });
});
