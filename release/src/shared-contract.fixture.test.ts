/**
 * Independent releases (docs/decisions/0003-independent-releases.md), with real parts: fixture shared packages whose API reports API Extractor writes
 * (tools/shared-api.mjs), apps built against them with Rspack + Module Federation and the recording
 * plugin (test/build-fixture.mjs), and the release commands on a real local store. Nothing of the check
 * is mocked: removing an export from a fixture changes what its build records.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deployRemote } from './commands/deploy';
import { promote } from './commands/promote';
import { deployShell, promoteShell, rollbackShell } from './commands/shell';
import { ContractError } from './contract-check';
import { remoteApp } from './remotes';
import { sandbox } from './test-fixtures';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../..');
/** Inside the checkout, so the fixtures resolve react, zod… from its node_modules. */
const fixtures = path.join(repoRoot, 'var', 'release-fixtures', randomUUID().slice(0, 8));
const wallet = remoteApp('mfe-wallet');

const FULL = [
  'export const formatMoney = (cents: number): string => (cents / 100).toFixed(2);',
  "export const api = { name: 'api' };",
  'export interface Session {',
  '  token: string;',
  '}',
  '',
].join('\n');
const WITHOUT_FORMAT_MONEY = FULL.replace(/^export const formatMoney.*\n/m, '');
const WITH_NEW_THING = `${FULL}export const newThing = (): number => 1;\n`;

/** A shared package: package.json with one entry point, a tsconfig and src/index.ts. */
const writeShared = async (label: string, version: string, source: string): Promise<string> => {
  const dir = path.join(fixtures, `shared-${label}`);
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: '@marketplace/shared', version, exports: { '.': './src/index.ts' } }),
  );
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        skipLibCheck: true,
        types: [],
      },
    }),
  );
  await writeFile(path.join(dir, 'src', 'index.ts'), source);
  return dir;
};

const setVersion = async (dir: string, version: string) => {
  const file = path.join(dir, 'package.json');
  await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), version }));
};

/** `node tools/shared-api.mjs <command> --package <dir>`: exit code and output, never throws. */
const sharedApi = async (command: 'check' | 'update', dir: string) => {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(repoRoot, 'tools/shared-api.mjs'), command, '--package', dir],
      { cwd: repoRoot },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
};

/** A real federated build of a remote (into `<repo>/mfe-wallet/dist/<version>/`) or the shell (`<repo>/shell/dist/`). */
const build = async (repoDir: string, kind: 'remote' | 'shell', version: string, sharedDir: string) => {
  const outDir =
    kind === 'remote' ? path.join(repoDir, wallet.folder, 'dist', version) : path.join(repoDir, 'shell', 'dist');
  const name = kind === 'remote' ? wallet.name : 'shell';
  await run(process.execPath, [
    path.join(repoRoot, 'release/test/build-fixture.mjs'),
    JSON.stringify({ kind, name, version, sharedDir, outDir, workDir: path.join(fixtures, `app-${randomUUID()}`) }),
  ]);
};

const refusal = async (action: Promise<unknown>): Promise<string> => {
  const error = await action.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContractError);
  return (error as Error).message;
};

let full: string;
let withoutFormatMoney: string;
let withNewThing: string;
let nextMajor: string;

beforeAll(async () => {
  [full, withoutFormatMoney, withNewThing, nextMajor] = await Promise.all([
    writeShared('full', '1.0.0', FULL),
    writeShared('removed', '1.0.0', WITHOUT_FORMAT_MONEY),
    writeShared('added', '1.1.0', WITH_NEW_THING),
    writeShared('major', '2.0.0', WITHOUT_FORMAT_MONEY),
  ]);
  for (const dir of [full, withoutFormatMoney, withNewThing, nextMajor]) {
    expect(await sharedApi('update', dir)).toMatchObject({ code: 0 });
  }
}, 600_000);

afterAll(() => rm(fixtures, { recursive: true, force: true }));

describe('the shared contract against fixture builds', () => {
  jest.setTimeout(300_000);

  it('refuses deploy and promote of a remote built against a shared with one export removed', async () => {
    const box = await sandbox();
    await build(box.repoDir, 'shell', '1.0.0', full);
    await build(box.repoDir, 'remote', '2.0.0', withoutFormatMoney);

    const deployRefused = await refusal(deployRemote(box.ctx, wallet, { version: '2.0.0' }));
    expect(deployRefused).toContain('mfe-wallet 2.0.0 was built against @marketplace/shared 1.0.0 (surface ');
    expect(deployRefused).toContain('but the live shell 1.0.0 provides @marketplace/shared 1.0.0 (surface ');
    expect(deployRefused).toContain(
      'the same version with another surface; first incompatible export: @marketplace/shared formatMoney (only in the live shell 1.0.0)',
    );
    expect(await box.store.listVersions(wallet.folder)).toEqual([]);

    // Forced past the check (with its reason), it is stored; promoting it is refused all the same.
    await deployRemote(box.ctx, wallet, { version: '2.0.0', force: true, reason: 'fixture' });
    expect((await box.store.readAudit()).at(-1)).toMatchObject({ command: 'deploy', reason: 'fixture' });
    const promoteRefused = await refusal(promote(box.ctx, wallet, '2.0.0'));
    expect(promoteRefused).toContain('mfe-wallet 2.0.0 was built against @marketplace/shared 1.0.0');
    expect(promoteRefused).toContain('@marketplace/shared formatMoney');
    expect(await box.store.readManifest()).toBeNull();

    // The same remote built against the shell's shared passes.
    await build(box.repoDir, 'remote', '2.0.1', full);
    await deployRemote(box.ctx, wallet, { version: '2.0.1' });
    await promote(box.ctx, wallet, '2.0.1');
    expect((await box.store.readManifest())?.remotes[wallet.folder]?.version).toBe('2.0.1');
  });

  it('after a shared major bump, refuses promoting a remote built against the old major', async () => {
    const box = await sandbox();
    await build(box.repoDir, 'shell', '2.0.0', nextMajor);
    await deployShell(box.ctx, {});
    await promoteShell(box.ctx, '2.0.0');
    expect((await box.store.readLiveShell())?.version).toBe('2.0.0');

    await build(box.repoDir, 'remote', '1.5.0', full);
    await deployRemote(box.ctx, wallet, { version: '1.5.0', force: true, reason: 'stage it' });
    const refused = await refusal(promote(box.ctx, wallet, '1.5.0'));
    expect(refused).toContain('mfe-wallet 1.5.0 was built against @marketplace/shared 1.0.0 (surface ');
    expect(refused).toContain('but the live shell 2.0.0 provides @marketplace/shared 2.0.0 (surface ');
    expect(refused).toContain(
      'another major version; first incompatible export: @marketplace/shared formatMoney (not in the live shell 2.0.0)',
    );
    expect(await box.store.readManifest()).toBeNull();
  });

  it('refuses rolling the shell back below what a live remote needs, before anything changes', async () => {
    const box = await sandbox();
    await build(box.repoDir, 'shell', '1.0.0', full);
    await deployShell(box.ctx, {});
    await promoteShell(box.ctx, '1.0.0');
    await build(box.repoDir, 'shell', '1.1.0', withNewThing);
    await deployShell(box.ctx, {});
    await promoteShell(box.ctx, '1.1.0');
    await build(box.repoDir, 'remote', '3.0.0', withNewThing);
    await deployRemote(box.ctx, wallet, { version: '3.0.0' });
    await promote(box.ctx, wallet, '3.0.0');
    const auditLength = (await box.store.readAudit()).length;

    const refused = await refusal(rollbackShell(box.ctx));
    expect(refused).toContain('shell 1.0.0 fails the contract check');
    expect(refused).toContain('mfe-wallet 3.0.0 (live) was built against @marketplace/shared 1.1.0 (surface ');
    expect(refused).toContain('but shell 1.0.0 provides @marketplace/shared 1.0.0 (surface ');
    expect(refused).toContain('first incompatible export: @marketplace/shared newThing (not in shell 1.0.0)');
    expect((await box.store.readLiveShell())?.version).toBe('1.1.0');
    expect(await box.store.readAudit()).toHaveLength(auditLength);

    // --force takes a reason, and both land in the audit log.
    await rollbackShell(box.ctx, { force: true, reason: 'shell 1.1.0 breaks checkout' });
    expect((await box.store.readLiveShell())?.version).toBe('1.0.0');
    expect((await box.store.readAudit()).at(-1)).toMatchObject({
      command: 'rollback',
      remote: 'shell',
      from: '1.1.0',
      to: '1.0.0',
      reason: 'shell 1.1.0 breaks checkout',
    });
  });
});

describe('npm run shared:api -- check on a fixture shared package', () => {
  jest.setTimeout(900_000);

  it('fails when the surface changes without its report, and with the report but without the bump', async () => {
    const dir = await writeShared('ci', '1.0.0', FULL);
    expect(await sharedApi('update', dir)).toMatchObject({ code: 0 });
    expect(await sharedApi('check', dir)).toMatchObject({ code: 0 });

    // An added export, the report not updated.
    await writeFile(path.join(dir, 'src', 'index.ts'), `${FULL}export const extra = 2;\n`);
    const stale = await sharedApi('check', dir);
    expect(stale.code).toBe(1);
    expect(stale.output).toContain('differs from its committed API report (api-report/index.api.md)');

    // The report updated, the version not bumped.
    expect((await sharedApi('update', dir)).code).toBe(1);
    const unbumped = await sharedApi('check', dir);
    expect(unbumped.code).toBe(1);
    expect(unbumped.output).not.toContain('differs from its committed API report');
    expect(unbumped.output).toContain('needs a minor version bump');
    expect(unbumped.output).toContain('added:   @marketplace/shared extra');

    // An export removed needs a major bump: a minor one is refused.
    await writeFile(path.join(dir, 'src', 'index.ts'), `${WITHOUT_FORMAT_MONEY}export const extra = 2;\n`);
    await setVersion(dir, '1.1.0');
    expect((await sharedApi('update', dir)).code).toBe(1);
    const minorOnly = await sharedApi('check', dir);
    expect(minorOnly.code).toBe(1);
    expect(minorOnly.output).toContain('goes from 1.0.0 to 1.1.0, but its surface change needs a major bump');
    expect(minorOnly.output).toContain('removed: @marketplace/shared formatMoney');

    await setVersion(dir, '2.0.0');
    expect(await sharedApi('update', dir)).toMatchObject({ code: 0 });
    expect(await sharedApi('check', dir)).toMatchObject({ code: 0 });
  });
});
