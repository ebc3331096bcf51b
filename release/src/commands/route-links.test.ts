import { ContractError } from '../contract-check';
import { remoteApp } from '../remotes';
import { linkMatchesRoute } from '../shared-contract';
import { sandbox, sharedContract, writeBuild, type Sandbox } from '../test-fixtures';
import { canary } from './canary';
import { deployRemote } from './deploy';
import { promote } from './promote';
import { rollback } from './rollback';

const wallet = remoteApp('mfe-wallet');
const orders = remoteApp('mfe-orders');

const route = (path: string) => ({ path, titleKey: 'wallet:title', public: false, keepAlive: false });

const release = async (box: Sandbox, remote = wallet, version: string, paths: string[], links?: string[]) => {
  await writeBuild(box.repoDir, remote, version, {
    routes: paths.map(route),
    contract: { ...sharedContract({ name: remote.name, version }), ...(links ? { links } : {}) },
  });
  await deployRemote(box.ctx, remote, { version });
};

describe('links between remotes', () => {
  it('matches recorded links to React Router paths', () => {
    expect(linkMatchesRoute('/topUp', '/topUp')).toBe(true);
    expect(linkMatchesRoute('/topup', '/topUp')).toBe(true);
    expect(linkMatchesRoute('/orderInfo/:param', '/orderInfo/:id')).toBe(true);
    expect(linkMatchesRoute('/detail', '/detail/:product?/:mer?')).toBe(true);
    expect(linkMatchesRoute('/detail/:param', '/detail/:product?/:mer?')).toBe(true);
    expect(linkMatchesRoute('/orderInfo', '/orderInfo/:id')).toBe(false);
    expect(linkMatchesRoute('/topUpRecord', '/topUp')).toBe(false);
    expect(linkMatchesRoute('/docs/a/b', '/docs/*')).toBe(true);
  });

  it('refuses a version that drops a route another live remote links to; keeps it when still routed', async () => {
    const box = await sandbox();
    await release(box, wallet, '1.0.0', ['/wallet', '/topUp', '/orderInfo/:id']);
    await promote(box.ctx, wallet, '1.0.0');
    await release(box, orders, '1.0.0', ['/orders'], ['/topUp', '/orderInfo/:param', '/orders', '/user/order_list']);
    await promote(box.ctx, orders, '1.0.0');

    await release(box, wallet, '2.0.0', ['/wallet', '/orderInfo/:id']);
    for (const attempt of [promote(box.ctx, wallet, '2.0.0'), canary(box.ctx, wallet, '2.0.0', { percent: 10 })]) {
      const error = await attempt.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContractError);
      expect((error as ContractError).problems).toEqual([
        'mfe-orders 1.0.0 (live) links to /topUp, which mfe-wallet 1.0.0 routes (/topUp) but mfe-wallet 2.0.0 does not',
      ]);
    }
    expect((await box.store.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.0');

    await release(box, wallet, '2.0.1', ['/wallet', '/topUp/:mode?', '/orderInfo/:id']);
    await promote(box.ctx, wallet, '2.0.1');
    expect((await box.store.readManifest())?.remotes['mfe-wallet']?.version).toBe('2.0.1');
    // Rolled back to 1.0.0: it routes /topUp too.
    await rollback(box.ctx, wallet);
    expect((await box.store.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.0');
  });
});
