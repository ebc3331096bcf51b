import { remoteApp } from '../remotes';
import { sandbox, writeBuild, writeShell } from '../test-fixtures';
import { canary } from './canary';
import { deployRemote } from './deploy';
import { promote } from './promote';
import { status } from './status';
import { verify } from './verify';

const wallet = remoteApp('mfe-wallet');

describe('status', () => {
  it("lists each remote's live, canary, previous and available versions, and the audit history", async () => {
    const box = await sandbox();
    for (const version of ['1.0.0', '1.10.0', '1.2.0']) {
      await writeBuild(box.repoDir, wallet, version, { chunk: version });
      await deployRemote(box.ctx, wallet, { version });
    }
    await promote(box.ctx, wallet, '1.0.0');
    await promote(box.ctx, wallet, '1.2.0');
    await canary(box.ctx, wallet, '1.10.0', { percent: 25 });

    const text = await status(box.ctx);

    const row = text.split('\n').find((line) => line.startsWith('| mfe-wallet'));
    expect(row?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'mfe-wallet',
      '1.2.0',
      '1.10.0 (25%)',
      '1.0.0',
      '1.0.0, 1.2.0, 1.10.0',
      '',
    ]);
    expect(text).toMatch(/\| mfe-catalogue +\| - +\| - +\| - +\| - +\|/);
    expect(text).toContain('Audit history (latest 6 of 6, newest first)');
    expect(text).toMatch(
      /\| \d{4}-\d\d-\d\dT[^|]+\| alice@test-host \| canary mfe-wallet 1.2.0 -> 1.2.0 \+ canary 1.10.0 at 25% \|/,
    );
    expect(text).toContain('| promote mfe-wallet 1.0.0 -> 1.2.0');
    expect(text).toContain('| deploy mfe-wallet 1.0.0');
  });

  it('shows only the latest entries when limited, and says when nothing happened yet', async () => {
    const box = await sandbox();
    expect(await status(box.ctx)).toContain('No release changes yet.');
    for (const version of ['1.0.0', '2.0.0']) {
      await writeBuild(box.repoDir, wallet, version);
      await deployRemote(box.ctx, wallet, { version });
    }
    const text = await status(box.ctx, { limit: 1 });
    expect(text).toContain('Audit history (latest 1 of 2, newest first)');
    expect(text).toContain('deploy mfe-wallet 2.0.0');
    expect(text).not.toContain('deploy mfe-wallet 1.0.0');
  });
});

describe('verify <remote> <version>', () => {
  it('checks a build not yet deployed, and a deployed version against the live shell', async () => {
    const box = await sandbox();
    await writeBuild(box.repoDir, wallet, '1.0.0');

    await expect(verify(box.ctx, wallet, '1.0.0')).resolves.toBe(true);
    expect(box.lines.at(-1)).toBe(
      'mfe-wallet 1.0.0 (build mfe-wallet/dist/1.0.0) passes the contract check against the live shell.',
    );

    await deployRemote(box.ctx, wallet, {});
    await writeShell(box.shellDir, [{ name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true }]);
    await expect(verify(box.ctx, wallet, '1.0.0')).resolves.toBe(false);
    expect(box.lines.at(-1)).toBe(
      'mfe-wallet 1.0.0 (deployed version) fails the contract check:\n' +
        '  - requires react ^19.3.1 as a shared singleton, but the live shell 1.0.0 provides react 18.3.1',
    );
    expect(await box.store.readAudit()).toHaveLength(1);
  });

  it('says when the version is neither deployed nor built', async () => {
    const box = await sandbox();
    await expect(verify(box.ctx, wallet, '4.0.0')).rejects.toThrow('mfe-wallet 4.0.0 is neither deployed nor built');
  });
});
