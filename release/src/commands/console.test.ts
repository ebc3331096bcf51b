import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONSOLE_UNIT } from '../store/deployment-store';
import { S3DeploymentStore } from '../store/s3-store';
import { startS3rver } from '../store/s3-test-servers';
import { runCli, sandbox, type Sandbox } from '../test-fixtures';
import { deployConsole, promoteConsole, rollbackConsole } from './console';
import { deployShell, promoteShell } from './shell';
import { status } from './status';

/** Writes what `node tools/build-all.mjs console` leaves in console/dist, its page marked with `mark`. */
const writeConsole = async (box: Sandbox, mark: string, { version = '1.0.0', index = true } = {}) => {
  const dir = path.join(box.repoDir, 'console', 'dist');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(box.repoDir, 'console', 'package.json'), JSON.stringify({ version }));
  await writeFile(
    path.join(dir, `main.${mark.replace(/\W/g, '')}0a1b2c3d.js`),
    `console.log(${JSON.stringify(mark)});`,
  );
  if (index) await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>Console</title><p>${mark}</p>`);
};

const livePage = (box: Sandbox) => readFile(path.join(box.deployDir, 'console-live', 'index.html'), 'utf8');

describe('the operator console as a deployable unit', () => {
  it('deploys, promotes and rolls back console versions; status, the audit log and the served link follow', async () => {
    const box = await sandbox();
    expect(await status(box.ctx)).toMatch(/\| console +\| embedded +\| - +\| - +\| - +\|/);

    await writeConsole(box, 'one', { version: '1.0.0' });
    expect(await deployConsole(box.ctx, {})).toBe('1.0.0');
    await writeConsole(box, 'two');
    await deployConsole(box.ctx, { version: '1.1.0' });
    expect(box.lines).toContain('Make it live: npm run release -- promote console 1.1.0');
    expect(await box.store.readLive(CONSOLE_UNIT)).toBeNull();
    const info = await box.store.readDeployInfo('console', '1.1.0');
    expect(info).toMatchObject({ name: 'console', folder: 'console', version: '1.1.0', shared: [], exposes: [] });

    await promoteConsole(box.ctx, '1.0.0');
    expect(box.lines).toContain('console 1.0.0 is live (was console/dist).');
    expect(await livePage(box)).toContain('<p>one</p>');
    await promoteConsole(box.ctx, '1.1.0');
    expect(await readlink(path.join(box.deployDir, 'console-live'))).toBe(path.join('console', '1.1.0'));
    expect(await livePage(box)).toContain('<p>two</p>');
    expect(JSON.parse(await readFile(path.join(box.deployDir, 'console.json'), 'utf8'))).toMatchObject({
      version: '1.1.0',
    });
    expect(await status(box.ctx)).toMatch(/\| console +\| 1\.1\.0 +\| - +\| 1\.0\.0 +\| 1\.0\.0, 1\.1\.0 +\|/);

    await rollbackConsole(box.ctx);
    expect((await box.store.readLive(CONSOLE_UNIT))?.version).toBe('1.0.0');
    expect(await livePage(box)).toContain('<p>one</p>');
    await expect(rollbackConsole(box.ctx)).rejects.toThrow(
      'console has no earlier live version than 1.0.0. Name one with --to: 1.1.0',
    );
    await rollbackConsole(box.ctx, { to: '1.1.0' });
    expect(await livePage(box)).toContain('<p>two</p>');

    // The shell is a unit of its own: the console's releases leave it embedded, and its own releases leave the console.
    expect(await box.store.readLiveShell()).toBeNull();
    expect(await status(box.ctx)).toMatch(/\| shell +\| embedded +\|/);
    await deployShell(box.ctx, { version: '3.0.0' });
    await promoteShell(box.ctx, '3.0.0');
    expect((await box.store.readLive(CONSOLE_UNIT))?.version).toBe('1.1.0');
    expect(await readlink(path.join(box.deployDir, 'shell-live'))).toBe(path.join('shell', '3.0.0'));

    const audit = await box.store.readAudit();
    expect(audit.map((entry) => `${entry.command} ${entry.remote} ${entry.from ?? '-'} ${entry.to}`)).toEqual([
      'deploy console - 1.0.0',
      'deploy console - 1.1.0',
      'promote console - 1.0.0',
      'promote console 1.0.0 1.1.0',
      'rollback console 1.1.0 1.0.0',
      'rollback console 1.0.0 1.1.0',
      'deploy shell - 3.0.0',
      'promote shell - 3.0.0',
    ]);
    expect(audit.every((entry) => entry.who === 'alice' && entry.host === 'test-host')).toBe(true);
    expect(await status(box.ctx)).toMatch(/rollback console 1\.0\.0 -> 1\.1\.0/);
    expect((await box.store.readHistory()).previous.console).toEqual(['1.0.0']);
  });

  it('keeps deployed versions immutable and refuses an incomplete build, an unknown version and a rollback of nothing', async () => {
    const box = await sandbox();
    await expect(rollbackConsole(box.ctx)).rejects.toThrow(
      'console has no live version in the store to roll back (console/dist is served)',
    );
    await expect(deployConsole(box.ctx, { version: '1.0.0' })).rejects.toThrow(
      `${path.join(box.repoDir, 'console', 'dist')} has no index.html. Build it first: node tools/build-all.mjs console`,
    );
    await writeConsole(box, 'half', { index: false });
    await expect(deployConsole(box.ctx, { version: '1.0.0' })).rejects.toThrow('has no index.html');
    await expect(promoteConsole(box.ctx, '1.0.0')).rejects.toThrow(
      'console 1.0.0 is not deployed. Nothing of console is deployed yet: npm run release -- deploy console',
    );

    await writeConsole(box, 'one');
    await deployConsole(box.ctx, { version: '1.0.0' });
    const stored = await readFile(path.join(box.deployDir, 'console', '1.0.0', 'index.html'), 'utf8');
    await writeConsole(box, 'other');
    await expect(deployConsole(box.ctx, { version: '1.0.0' })).rejects.toThrow(
      'console 1.0.0 is already deployed. Deployed versions are immutable: bump the version (console/package.json, VERSION or --version)',
    );
    expect(await readFile(path.join(box.deployDir, 'console', '1.0.0', 'index.html'), 'utf8')).toBe(stored);
    await expect(promoteConsole(box.ctx, '2.0.0')).rejects.toThrow(
      'console 2.0.0 is not deployed. Deployed versions: 1.0.0.',
    );
    await promoteConsole(box.ctx, '1.0.0');
    await promoteConsole(box.ctx, '1.0.0');
    expect(box.lines).toContain('console 1.0.0 is already live; nothing changed.');
    expect((await box.store.readAudit()).map((entry) => entry.command)).toEqual(['deploy', 'promote']);
  });

  it('the CLI deploys, promotes, rolls back and reports the console (a real process, VERSION from the environment)', async () => {
    const box = await sandbox();
    const cli = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
      const answer = await runCli(args, {
        DEPLOY_DIR: box.deployDir,
        DEPLOY_STORE_URL: '',
        RELEASE_REPO_DIR: box.repoDir,
        SHELL_DIR: box.shellDir,
        USER: 'dave',
        ...env,
      });
      // A refused command fails the test here, with its output.
      expect(answer).toMatchObject({ code: 0 });
      return answer;
    };
    await writeConsole(box, 'one');
    await cli(['deploy', 'console'], { VERSION: '4.0.0' });
    await writeConsole(box, 'two');
    await cli(['deploy', 'console', '--version', '4.0.1']);
    await cli(['promote', 'console', '4.0.0']);
    await cli(['promote', 'console', '4.0.1']);
    expect(await livePage(box)).toContain('<p>two</p>');
    const { stdout } = await cli(['rollback', 'console']);
    expect(stdout).toContain('console rolled back from 4.0.1 to 4.0.0.');
    expect(await livePage(box)).toContain('<p>one</p>');
    const report = (await cli(['status'])).stdout;
    expect(report).toMatch(/\| console +\| 4\.0\.0 +\| - +\| - +\| 4\.0\.0, 4\.0\.1 +\|/);
    expect(report).toMatch(/dave@\S+ +\| rollback console 4\.0\.1 -> 4\.0\.0/);
  }, 120_000);
});

describe('the console on an S3 store', () => {
  it('records the live console in console.json beside shell.json, nothing else', async () => {
    const server = await startS3rver();
    const store = new S3DeploymentStore({
      address: { bucket: server.bucket, prefix: `stores/${randomUUID()}` },
      connection: server.connection,
    });
    try {
      const box = await sandbox({ store });
      await writeConsole(box, 'one');
      await deployConsole(box.ctx, { version: '1.0.0' });
      await writeConsole(box, 'two');
      await deployConsole(box.ctx, { version: '1.1.0' });
      await promoteConsole(box.ctx, '1.0.0');
      await promoteConsole(box.ctx, '1.1.0');
      await rollbackConsole(box.ctx);
      expect(await store.readLive(CONSOLE_UNIT)).toMatchObject({ version: '1.0.0' });
      expect(await store.readLiveShell()).toBeNull();
      expect(await store.readVersionFile('console', '1.1.0', 'index.html')).toContain('<p>two</p>');
      expect((await store.readAudit()).map((entry) => `${entry.command} ${entry.to}`)).toEqual([
        'deploy 1.0.0',
        'deploy 1.1.0',
        'promote 1.0.0',
        'promote 1.1.0',
        'rollback 1.0.0',
      ]);
    } finally {
      store.close();
      await server.close();
    }
  });
});
