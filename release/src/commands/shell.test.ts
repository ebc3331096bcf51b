import { execFile } from 'node:child_process';
import { readlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ContractError } from '../contract-check';
import { remoteApp } from '../remotes';
import { sandbox, sharedContract, writeBuild, writeShell, type Sandbox } from '../test-fixtures';
import { canary } from './canary';
import { deployRemote } from './deploy';
import { promote } from './promote';
import { deployShell, promoteShell, rollbackShell } from './shell';
import { status } from './status';

const run = promisify(execFile);
const wallet = remoteApp('mfe-wallet');
const BASE = { api: 'sig-api', formatMoney: 'sig-money', useAppSelector: 'sig-selector' };
const WITH_NEW = { ...BASE, newThing: 'sig-new' };

/** Writes the shell build (repo/shell/dist) against shared `sharedVersion` with `exports`, and deploys it. */
const deployShellVersion = async (
  box: Sandbox,
  version: string,
  sharedVersion: string,
  exports: Record<string, string>,
  force = false,
) => {
  await writeShell(
    box.shellDir,
    undefined,
    sharedContract({ name: 'shell', version }, { version: sharedVersion, exports }),
  );
  await deployShell(box.ctx, { version, force, ...(force ? { reason: 'staged' } : {}) });
};

const deployWallet = async (box: Sandbox, version: string, sharedVersion: string, exports: Record<string, string>) => {
  await writeBuild(box.repoDir, wallet, version, {
    contract: sharedContract({ name: wallet.name, version }, { version: sharedVersion, exports }),
  });
  await deployRemote(box.ctx, wallet, { version, force: true, reason: 'staged' });
};

describe('the shell as a deployable unit', () => {
  it('deploys, promotes and rolls back shell versions; status and the served link follow', async () => {
    const box = await sandbox();
    expect(await status(box.ctx)).toMatch(/\| shell +\| embedded +\|/);
    await deployShellVersion(box, '1.0.0', '1.0.0', BASE);
    await deployShellVersion(box, '1.1.0', '1.1.0', WITH_NEW);
    await expect(deployShell(box.ctx, { version: '1.1.0' })).rejects.toThrow('shell 1.1.0 is already deployed');
    expect(await box.store.readLiveShell()).toBeNull();

    await promoteShell(box.ctx, '1.0.0');
    await promoteShell(box.ctx, '1.1.0');
    expect(await readlink(path.join(box.deployDir, 'shell-live'))).toBe(path.join('shell', '1.1.0'));
    expect(await status(box.ctx)).toMatch(/\| shell +\| 1\.1\.0 +\| - +\| 1\.0\.0 +\| 1\.0\.0, 1\.1\.0 +\|/);

    await rollbackShell(box.ctx);
    expect((await box.store.readLiveShell())?.version).toBe('1.0.0');
    expect(await readlink(path.join(box.deployDir, 'shell-live'))).toBe(path.join('shell', '1.0.0'));
    await expect(rollbackShell(box.ctx)).rejects.toThrow('shell has no earlier live version than 1.0.0');
    expect((await box.store.readAudit()).map((entry) => `${entry.command} ${entry.remote} ${entry.to}`)).toEqual([
      'deploy shell 1.0.0',
      'deploy shell 1.1.0',
      'promote shell 1.0.0',
      'promote shell 1.1.0',
      'rollback shell 1.0.0',
    ]);
  });

  it('checks remotes against the live shell from the store, and a shell against every live canary', async () => {
    const box = await sandbox();
    await deployShellVersion(box, '1.1.0', '1.1.0', WITH_NEW);
    await promoteShell(box.ctx, '1.1.0');
    await deployWallet(box, '1.0.0', '1.1.0', WITH_NEW);
    await promote(box.ctx, wallet, '1.0.0');
    // A wallet built against a newer minor than the live shell provides.
    await deployWallet(box, '2.0.0', '1.2.0', { ...WITH_NEW, later: 'sig-later' });
    const error = await canary(box.ctx, wallet, '2.0.0', { percent: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).problems[0]).toContain(
      'mfe-wallet 2.0.0 was built against @marketplace/shared 1.2.0 (surface ',
    );
    expect((error as ContractError).problems[0]).toContain(
      'but the live shell 1.1.0 provides @marketplace/shared 1.1.0 (surface ',
    );
    expect((error as ContractError).problems[0]).toContain(
      'first incompatible export: @marketplace/shared later (not in the live shell 1.1.0)',
    );

    // A shell without newThing is refused while the live wallet needs it, and while a canary needs it.
    await expect(deployShellVersion(box, '1.0.5', '1.0.5', BASE)).rejects.toThrow(
      'mfe-wallet 1.0.0 (live) was built against @marketplace/shared 1.1.0',
    );
    await deployShellVersion(box, '1.0.5', '1.0.5', BASE, true);
    await expect(promoteShell(box.ctx, '1.0.5')).rejects.toThrow(
      'mfe-wallet 1.0.0 (live) was built against @marketplace/shared 1.1.0',
    );
    await deployWallet(box, '0.9.0', '1.0.0', BASE);
    await promote(box.ctx, wallet, '0.9.0');
    await deployWallet(box, '1.0.1', '1.1.0', WITH_NEW);
    await canary(box.ctx, wallet, '1.0.1', { percent: 20 });
    await expect(promoteShell(box.ctx, '1.0.5')).rejects.toThrow(
      'mfe-wallet 1.0.1 (canary at 20%) was built against @marketplace/shared 1.1.0',
    );
    expect((await box.store.readLiveShell())?.version).toBe('1.1.0');
  });

  it('the CLI refuses --force without a reason', async () => {
    const box = await sandbox();
    const repoRoot = path.resolve(__dirname, '../../..');
    const failed = await run(
      process.execPath,
      [path.join(repoRoot, 'release/bin/release.mjs'), 'promote', 'shell', '1.0.0', '--force'],
      { cwd: repoRoot, env: { ...process.env, DEPLOY_DIR: box.deployDir, SHELL_DIR: box.shellDir } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain(
      'release: --force needs a reason: --reason "<why>" (it goes into the audit log)',
    );
  });
});
