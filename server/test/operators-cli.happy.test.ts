jest.setTimeout(240_000);

import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './harness';
import { bootstrapCode, createOperator, totpCode, type Operator } from './operators.helpers';

/**
 * The operator CLI (`npm run ops`, src/cli/ops.ts) signs in as an operator (docs/decisions/0002-operator-accounts.md): the real script,
 * run by tsx against a listening app, answers read from stdin as an operator types them.
 */
let t: TestApp;
let url: string;
let dir: string;

const ops = (args: string[], stdin = '', env: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, '../src/cli/ops.ts'), ...args],
      {
        env: {
          PATH: process.env.PATH,
          OPS_URL: url,
          OPS_SESSION_FILE: path.join(dir, 'session'),
          DATA_DIR: dir,
          ...env,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });

/** `ops bootstrap` as a person runs it: the password twice, then the code of the secret the CLI shows. */
const interactiveBootstrap = (code: string, name: string, password: string) =>
  interactiveSetUp(['bootstrap', code, name], password);

const interactiveSetUp = (args: string[], password: string, env: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, '../src/cli/ops.ts'), ...args],
      {
        env: {
          PATH: process.env.PATH,
          OPS_URL: url,
          OPS_SESSION_FILE: path.join(dir, 'session'),
          DATA_DIR: dir,
          ...env,
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
      const secret = /enter the key ([A-Z2-7]+)/.exec(stderr)?.[1];
      if (secret && /Code shown by the authenticator: $/.test(stderr)) child.stdin.end(`${totpCode(t, secret)}\n`);
    });
    child.stdin.write(`${password}\n${password}\n`);
    child.on('close', (exit) => resolve({ code: exit ?? 1, stdout, stderr }));
  });

beforeAll(async () => {
  t = await createTestApp({ adminToken: 'cli-automation' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'mp-ops-cli-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run ops as an operator', () => {
  it('bootstraps the first admin as printed, signs in with password and TOTP code, and works with the session', async () => {
    // Bootstrap as printed by npm start: the password twice, then the code of the secret the CLI shows.
    const code = await bootstrapCode(t);
    const password = 'root-correct-horse-battery';
    const boot = await interactiveBootstrap(code, 'root', password);
    expect(boot.stderr).toMatch(/otpauth:\/\/totp\//);
    expect(boot.stdout).toMatch(/^signed in as root \(admin\) until /);
    const secret = /enter the key ([A-Z2-7]+)/.exec(boot.stderr)![1]!;
    const session = JSON.parse(readFileSync(path.join(dir, 'session'), 'utf8')) as { token: string };
    const root: Operator = {
      id: 1,
      name: 'root',
      password,
      secret,
      token: session.token,
      headers: { 'operator-token': session.token },
    };
    const added = await ops(['operator-add', 'temp', 'support']);
    expect(added.stdout).toMatch(/^temp: hand over the set-up code \S+ \(valid until /);
    const finance = await createOperator(t, root, 'fiona', ['finance']);

    t.advance(30_000);
    const signIn = await ops(['sign-in', 'fiona'], `${finance.password}\n${totpCode(t, finance.secret)}\n`);
    expect(signIn.stderr).not.toMatch(/Error/);
    expect(signIn.stdout).toMatch(/^signed in as fiona \(finance\) until /);
    expect(statSync(path.join(dir, 'session')).mode & 0o777).toBe(0o600);

    const whoami = await ops(['whoami']);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ name: 'fiona', roles: ['finance'], automation: false });
    expect((await ops(['recharges'])).stdout).toMatch(/0 top-up\(s\)/);
    // A support call is refused for a finance operator, with the translated message.
    const refused = await ops(['refunds']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Your operator role does not allow this/);

    const wrong = await ops(['sign-in', 'fiona'], `not-the-password\n000000\n`);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Wrong operator name, password or verification code/);

    expect((await ops(['sign-out'])).stdout.trim()).toBe('signed out');
    expect(existsSync(path.join(dir, 'session'))).toBe(false);
    // Signed out, and no automation token given: the CLI asks for a sign-in.
    const after = await ops(['whoami']);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/Not signed in: npm run ops -- sign-in <name>/);
    // The automation token still works for local automation, audited as such.
    expect(JSON.parse((await ops(['whoami'], '', { ADMIN_TOKEN: 'cli-automation' })).stdout)).toMatchObject({
      automation: true,
    });
  });
});

describe('the first admin', () => {
  it('never loses the first admin: closed stdin, a mistyped repeat or no TOTP code, then a retry that succeeds', async () => {
    await t.close();
    t = await createTestApp({ adminToken: 'cli-automation' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const code = await bootstrapCode(t);
    const password = 'root-correct-horse-battery';
    // Standard input closed at once: nothing is asked of the server.
    const closed = await ops(['bootstrap', code, 'root']);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(/No answer on stdin/);
    // The repeat mistyped (and then nothing more): still nothing created.
    const mistyped = await ops(['bootstrap', code, 'root'], `${password}\n${password}-typo\n`);
    expect(mistyped.code).toBe(1);
    expect(mistyped.stderr).toMatch(/The passwords differ/);
    // The password given but the terminal closed before the TOTP code: the admin is unfinished.
    const noCode = await ops(['bootstrap', code, 'root'], `${password}\n${password}\n`);
    expect(noCode.code).toBe(1);
    expect(noCode.stderr).toMatch(/otpauth:\/\/totp\//);
    expect(await t.app.operatorAccounts.bootstrapHint()).toContain(code);
    // The same code again: the first admin is made.
    const retry = await interactiveBootstrap(code, 'root', password);
    expect(retry.stdout).toMatch(/^signed in as root \(admin\) until /);
    expect(await t.app.operatorAccounts.bootstrapHint()).toBeUndefined();
    // Later calls are refused: the first admin exists.
    const after = await ops(['bootstrap', code, 'other'], `${password}\n${password}\n`);
    expect(after.stderr).toMatch(/The first admin already exists/);
  });

  it('is recovered with the server secret (ops recover-admin), audited; without it, refused', async () => {
    const password = 'recovered-correct-horse';
    const refused = await ops(['recover-admin', 'root'], `${password}\n${password}\n`, {
      ALTCHA_HMAC_KEY: 'not-the-key',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/This bootstrap code is wrong/);
    const recovered = await interactiveSetUp(['recover-admin', 'root'], password, { DATA_DIR: t.config.dataDir });
    expect(recovered.stdout).toMatch(/^signed in as root \(admin\) until /);
    const audit = await ops(['audit', '5'], '', { ADMIN_TOKEN: 'cli-automation' });
    expect(audit.stdout).toContain('operator.recover');
  });
});
