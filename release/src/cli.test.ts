import { deployRemote } from './commands/deploy';
import { remoteApp } from './remotes';
import { runCli, sandbox, writeBuild, type Sandbox } from './test-fixtures';

const wallet = remoteApp('mfe-wallet');

/** Runs the real CLI process against the sandbox's store and shell; never throws. */
const cli = (box: Sandbox, args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCli(args, { DEPLOY_DIR: box.deployDir, SHELL_DIR: box.shellDir, USER: 'carol', ...env });

const deployVersions = async (versions: string[]) => {
  const box = await sandbox();
  for (const version of versions) {
    await writeBuild(box.repoDir, wallet, version, { chunk: `console.log(${JSON.stringify(version)});` });
    await deployRemote(box.ctx, wallet, { version });
  }
  return box;
};

const liveWallet = async (box: Sandbox) => (await box.store.readManifest())?.remotes['mfe-wallet'];

describe('release CLI (real processes)', () => {
  jest.setTimeout(180_000);

  it('promote, canary, rollback, status and verify work from the command line', async () => {
    const box = await deployVersions(['1.0.0', '2.0.0']);

    expect(await cli(box, ['promote', 'wallet', '1.0.0'])).toMatchObject({ code: 0 });
    expect(await cli(box, ['promote', 'mfe-wallet', '2.0.0'])).toMatchObject({
      code: 0,
      stdout: 'mfe-wallet 2.0.0 is live for everyone (was 1.0.0).\n',
    });
    expect((await cli(box, ['canary', 'mfe_wallet', '1.0.0', '--percent', '30'])).code).toBe(0);
    expect((await liveWallet(box))?.canary?.percent).toBe(30);
    expect((await cli(box, ['rollback', 'mfe-wallet'])).stdout).toBe(
      'mfe-wallet: canary 1.0.0 ended; everyone gets 2.0.0.\n',
    );
    expect((await cli(box, ['rollback', 'mfe-wallet'])).stdout).toBe('mfe-wallet rolled back from 2.0.0 to 1.0.0.\n');
    expect(await cli(box, ['rollback', 'mfe-wallet', '--to', '2.0.0'])).toMatchObject({ code: 0 });
    expect((await liveWallet(box))?.version).toBe('2.0.0');

    const { stdout: table } = await cli(box, ['status']);
    expect(table).toMatch(/\| mfe-wallet +\| 2\.0\.0 +\| - +\| 1\.0\.0 +\| 1\.0\.0, 2\.0\.0 +\|/);
    expect(table).toMatch(/carol@\S+ +\| rollback mfe-wallet 1\.0\.0 -> 2\.0\.0/);

    expect(await cli(box, ['verify', 'mfe-wallet', '1.0.0'])).toMatchObject({ code: 0 });
    await writeBuild(box.repoDir, wallet, '3.0.0', { exposes: [] });
    await deployRemote(box.ctx, wallet, { version: '3.0.0', force: true });
    const failed = await cli(box, ['verify', 'mfe-wallet', '3.0.0']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('does not expose ./screens');
    const refused = await cli(box, ['promote', 'mfe-wallet', '3.0.0']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'release: mfe-wallet 3.0.0 fails the contract check:\n  - does not expose ./screens (it exposes nothing)\n' +
        'Fix the build and deploy a new version, or override with --force --reason "<why>".\n',
    );
    const forced = await cli(box, ['promote', 'mfe-wallet', '3.0.0', '--force', '--reason', 'hotfix']);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain(
      'WARNING: mfe-wallet 3.0.0 fails the contract check; continuing because of --force',
    );
  });

  it('answers mistakes with a plain message and usage, never a stack trace', async () => {
    const box = await deployVersions(['1.0.0']);
    const cases: Array<[string[], number, string]> = [
      [['promote', 'basket', '1.0.0'], 1, 'release: Unknown remote "basket"; the remotes are mfe-catalogue'],
      [['promote', 'mfe-wallet'], 2, 'release: Expected 2 argument(s), got 1: mfe-wallet'],
      [['rollback', 'mfe-wallet', '--percent', '5'], 2, 'release: Unexpected option(s): --percent'],
      [['canary', 'mfe-wallet', '1.0.0'], 2, 'release: --percent needs a whole number'],
      [['canary', 'mfe-wallet', '1.0.0', '--percent', 'half'], 2, 'release: --percent needs a whole number'],
      [['rollback', 'mfe-wallet', '--bogus'], 2, "release: Unknown option '--bogus'"],
      [['rollback', 'mfe-wallet'], 1, 'release: mfe-wallet has no live version to roll back'],
      [['deploy', 'mfe-wallet', '--version', '0.0.0-never-built'], 1, 'release: '],
      [['launch'], 2, 'release: Unknown command: launch'],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(box, args)));
    cases.forEach(([args, code, message], i) => {
      const result = results[i];
      expect({ args, code: result?.code }).toEqual({ args, code });
      expect({ args, stderr: result?.stderr.slice(0, message.length) }).toEqual({ args, stderr: message });
      expect(result?.stderr).not.toMatch(/\n\s+at /);
    });
  });

  it('serialises 10 concurrent promote processes: every update is kept, in one consistent chain', async () => {
    const versions = Array.from({ length: 10 }, (_, i) => `1.${i}.0`);
    const box = await deployVersions(versions);

    const results = await Promise.all(versions.map((version) => cli(box, ['promote', 'mfe-wallet', version])));

    expect(results.map((result) => result.code)).toEqual(versions.map(() => 0));
    const audit = (await box.store.readAudit()).filter((entry) => entry.command === 'promote');
    expect(audit).toHaveLength(10);
    // Serialised runs form a chain: each promote saw what the one before it made live.
    expect(audit[0]?.from).toBeNull();
    audit.slice(1).forEach((entry, i) => expect(entry.from).toBe(audit[i]?.to));
    expect(audit.map((entry) => entry.to).sort()).toEqual(versions);
    const live = (await liveWallet(box))?.version;
    expect(live).toBe(audit.at(-1)?.to);
    const previous = (await box.store.readHistory()).previous['mfe-wallet'] ?? [];
    expect(previous).toEqual(audit.slice(0, -1).map((entry) => entry.to));

    // Then 5 concurrent rollbacks each step back exactly one version.
    const rollbacks = await Promise.all(Array.from({ length: 5 }, () => cli(box, ['rollback', 'mfe-wallet'])));
    expect(rollbacks.map((result) => result.code)).toEqual([0, 0, 0, 0, 0]);
    expect((await liveWallet(box))?.version).toBe(previous[previous.length - 5]);
    expect((await box.store.readHistory()).previous['mfe-wallet']).toEqual(previous.slice(0, -5));
    expect(await box.store.readAudit()).toHaveLength(10 + 10 + 5);
  });
});
