jest.setTimeout(240_000);

import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { deployConsole, promoteConsole } from '@marketplace/release/src/commands/console';
import { deployRemote } from '@marketplace/release/src/commands/deploy';
import { promote } from '@marketplace/release/src/commands/promote';
import { deployShell } from '@marketplace/release/src/commands/shell';
import { remoteApp } from '@marketplace/release/src/remotes';
import { CONSOLE_UNIT } from '@marketplace/release/src/store/deployment-store';
import { S3DeploymentStore } from '@marketplace/release/src/store/s3-store';
import { startS3rver, type TestS3 } from '@marketplace/release/src/store/s3-test-servers';
import { sandbox, writeBuild, type Sandbox } from '@marketplace/release/src/test-fixtures';
import { operatorAudit } from '../src/db/schema';
import { CONSOLE_HOST } from '../src/modules/admin/release-routes';
import { deployStoreConfig } from '../src/plugins/external/deploy-store-config';
import { call, createTestApp, staff, type Operator, type TestApp } from './kit';

interface Unit {
  unit: string;
  live: string | null;
  canary: { version: string; percent: number } | null;
  previous: string | null;
  deployed: { version: string }[];
}
interface Overview {
  units: Unit[];
  audit: { who: string; host: string; command: string; remote: string; from: string | null; to: string | null }[];
}

const wallet = remoteApp('mfe-wallet');
const catalogue = remoteApp('mfe-catalogue');
const REACT_20 = { name: 'react', version: '20.1.0', requiredVersion: '^20.1.0', singleton: true };

/**
 * The console's release page calls (docs/decisions/0002-operator-accounts.md) on a real local deployment store that the release
 * tool's own deploy and promote set up: the page's promote, rollback and canary run the CLI's command
 * functions, refuse with the CLI's very words, and write the operator's name into the release audit
 * and the operator audit. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
describe('release page calls', () => {
  let box: Sandbox;
  let t: TestApp;
  let root: Operator;
  let releaser: Operator;
  let support: Operator;

  const unitOf = (overview: Overview, name: string) => overview.units.find((unit) => unit.unit === name);
  const overview = async (who: Operator) =>
    (await call<Overview>(t.app, { method: 'GET', url: '/api/admin/release', headers: who.headers })).data;
  const post = (who: Operator, action: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/release/${action}`, headers: who.headers, payload });
  const lastAudit = async () =>
    (
      await t.db
        .select()
        .from(operatorAudit)
        .where(eq(operatorAudit.targetType, 'release'))
        .orderBy(desc(operatorAudit.id))
    )[0];

  beforeAll(async () => {
    box = await sandbox();
    const deploy = async (remote = wallet, version = '1.0.0', shared?: (typeof REACT_20)[]) => {
      await writeBuild(box.repoDir, remote, version, {
        chunk: `console.log(${JSON.stringify(version)});`,
        ...(shared ? { shared } : {}),
      });
      await deployRemote(
        box.ctx,
        remote,
        shared ? { version, force: true, reason: 'test: a build for React 20' } : { version },
      );
    };
    // A console version released with the CLI: the page does not offer actions on it.
    await mkdir(path.join(box.repoDir, 'console', 'dist'), { recursive: true });
    await writeFile(path.join(box.repoDir, 'console', 'dist', 'index.html'), '<!doctype html><title>Console</title>');
    await deployConsole(box.ctx, { version: '1.0.0' });
    await promoteConsole(box.ctx, '1.0.0');
    await deploy(catalogue, '1.0.0');
    await promote(box.ctx, catalogue, '1.0.0');
    for (const version of ['1.0.0', '2.0.0']) await deploy(wallet, version);
    // 3.0.0 needs React 20, which the live shell does not provide: promote refuses it.
    await deploy(wallet, '3.0.0', [REACT_20]);
    await promote(box.ctx, wallet, '1.0.0');
    await promote(box.ctx, wallet, '2.0.0');

    t = await createTestApp({ deployDir: box.deployDir, shellDir: box.shellDir });
    [root, releaser, support] = await staff(t, ['release-rita', 'release'], ['release-sup', 'support']);
  });
  afterAll(async () => {
    await t.close();
    await rm(box.repoDir, { recursive: true, force: true });
    await rm(box.deployDir, { recursive: true, force: true });
  });

  it('opens only to release managers and admins', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/release', undefined],
      ['POST', '/api/admin/release/promote', { unit: 'mfe-wallet', version: '1.0.0' }],
      ['POST', '/api/admin/release/rollback', { unit: 'mfe-wallet' }],
      ['POST', '/api/admin/release/canary', { unit: 'mfe-wallet', version: '1.0.0', percent: 10 }],
      ['POST', '/api/admin/release/canary_stop', { unit: 'mfe-wallet' }],
    ] as const) {
      const bySupport = await t.app.inject({ method, url, headers: support.headers, ...(payload ? { payload } : {}) });
      expect([url, bySupport.statusCode]).toEqual([url, 403]);
      const byNobody = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect([url, byNobody.statusCode]).toEqual([url, 401]);
    }
    expect((await overview(root)).units.length).toBeGreaterThan(0);
    // Nothing changed: every refused call was refused before it ran.
    expect(unitOf(await overview(releaser), 'mfe-wallet')?.live).toBe('2.0.0');
  });

  it("shows each unit as the store has it: live, canary, previous and deployed versions, and the CLI's audit", async () => {
    const seen = await overview(releaser);
    expect(seen.units.map((unit) => unit.unit)).toEqual(
      expect.arrayContaining(['shell', 'mfe-catalogue', 'mfe-orders', 'mfe-wallet', 'mfe-account']),
    );
    expect(unitOf(seen, 'mfe-wallet')).toMatchObject({
      live: '2.0.0',
      canary: null,
      previous: '1.0.0',
      deployed: [{ version: '1.0.0' }, { version: '2.0.0' }, { version: '3.0.0' }],
    });
    expect(unitOf(seen, 'shell')).toMatchObject({ live: null, deployed: [] });
    // The console released with the CLI is on the page too, with what deploy.json says of each version.
    expect(unitOf(seen, 'console')).toMatchObject({ live: '1.0.0', canary: null, deployed: [{ version: '1.0.0' }] });
    expect(unitOf(seen, 'seller')).toMatchObject({ live: null, deployed: [] });
    expect(unitOf(seen, 'mfe-wallet')?.deployed[0]).toHaveProperty('commit');
    expect(seen.audit[0]).toMatchObject({ who: 'alice', command: 'promote', remote: 'mfe-wallet', to: '2.0.0' });
  });

  it('rolls a remote back through the CLI code: the store serves the earlier version, audited with the operator', async () => {
    const reply = await post(releaser, 'rollback', { unit: 'mfe-wallet' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.output).toEqual(['mfe-wallet rolled back from 2.0.0 to 1.0.0.']);
    expect((await box.store.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.0');
    expect((await box.store.readAudit()).at(-1)).toMatchObject({
      who: 'release-rita',
      host: CONSOLE_HOST,
      command: 'rollback',
      remote: 'mfe-wallet',
      from: '2.0.0',
      to: '1.0.0',
    });
    expect(await lastAudit()).toMatchObject({
      action: 'release.rollback',
      targetId: 'mfe-wallet',
      actor: 'release-rita',
    });
    // The server serves what the store now says (it re-reads the manifest within a second of a change).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const served = await t.app.inject({ method: 'GET', url: '/mfe/manifest.json' });
    expect(served.json().remotes['mfe-wallet'].version).toBe('1.0.0');
  });

  it("refuses a promote with the CLI's words, word for word, and records the refusal", async () => {
    const cli = await promote(box.ctx, wallet, '3.0.0').then(
      () => null,
      (error: Error) => error.message,
    );
    expect(cli).toContain('requires react ^20.1.0 as a shared singleton');
    const reply = await post(releaser, 'promote', { unit: 'mfe-wallet', version: '3.0.0' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 0, msg: cli, data: { refusal: cli, command: 'promote' } });
    expect((await box.store.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.0');
    expect(await lastAudit()).toMatchObject({ action: 'release.promote.refused', actor: 'release-rita' });

    const missing = await post(releaser, 'promote', { unit: 'mfe-wallet', version: '9.9.9' });
    expect(missing.json().msg).toBe('mfe-wallet 9.9.9 is not deployed. Deployed versions: 1.0.0, 2.0.0, 3.0.0.');
  });

  it('starts and stops a canary; stopping keeps the live version, and with no canary it is refused', async () => {
    const start = await post(releaser, 'canary', { unit: 'mfe-wallet', version: '2.0.0', percent: 30 });
    expect(start.statusCode).toBe(200);
    expect(unitOf(await overview(releaser), 'mfe-wallet')).toMatchObject({
      live: '1.0.0',
      canary: { version: '2.0.0', percent: 30 },
    });
    const stop = await post(releaser, 'canary_stop', { unit: 'mfe-wallet' });
    expect(stop.json().data.output).toEqual(['mfe-wallet: canary 2.0.0 ended; everyone gets 1.0.0.']);
    expect(unitOf(await overview(releaser), 'mfe-wallet')).toMatchObject({ live: '1.0.0', canary: null });
    const again = await post(releaser, 'canary_stop', { unit: 'mfe-wallet' });
    expect([again.statusCode, again.json().msg]).toEqual([409, 'mfe-wallet 1.0.0 is already live']);
    expect((await box.store.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.0');
  });

  it('promotes a deployed shell version through the CLI code, and refuses a rollback with nothing earlier', async () => {
    await deployShell(box.ctx, { version: '1.0.0' });
    const promoted = await post(releaser, 'promote', { unit: 'shell', version: '1.0.0' });
    expect(promoted.json().data.output).toEqual(['shell 1.0.0 is live (was the embedded shell).']);
    expect((await box.store.readLiveShell())?.version).toBe('1.0.0');
    expect(unitOf(await overview(releaser), 'shell')).toMatchObject({
      live: '1.0.0',
      deployed: [{ version: '1.0.0' }],
    });
    const back = await post(releaser, 'rollback', { unit: 'shell' });
    expect([back.statusCode, back.json().msg]).toEqual([409, 'shell has no earlier live version than 1.0.0.']);
  });

  it('promotes and rolls back the console through the CLI code, audited with the operator; no canary for it', async () => {
    await writeFile(path.join(box.repoDir, 'console', 'dist', 'index.html'), '<!doctype html><title>Console 2</title>');
    await deployConsole(box.ctx, { version: '2.0.0' });
    const promoted = await post(releaser, 'promote', { unit: 'console', version: '2.0.0' });
    expect(promoted.statusCode).toBe(200);
    expect((await box.store.readLive(CONSOLE_UNIT))?.version).toBe('2.0.0');
    expect((await box.store.readAudit()).at(-1)).toMatchObject({
      who: 'release-rita',
      host: CONSOLE_HOST,
      command: 'promote',
      remote: 'console',
      to: '2.0.0',
    });
    const back = await post(releaser, 'rollback', { unit: 'console' });
    expect(back.statusCode).toBe(200);
    expect((await box.store.readLive(CONSOLE_UNIT))?.version).toBe('1.0.0');
    expect(unitOf(await overview(releaser), 'console')).toMatchObject({ live: '1.0.0', previous: null });
    expect(await lastAudit()).toMatchObject({ action: 'release.rollback', targetId: 'console', actor: 'release-rita' });
    const canary = await post(releaser, 'canary', { unit: 'console', version: '2.0.0', percent: 10 });
    expect(canary.json()).toMatchObject({ code: 0 });
    expect((await box.store.readLive(CONSOLE_UNIT))?.version).toBe('1.0.0');
    const nothing = await post(releaser, 'promote', { unit: 'seller', version: '1.0.0' });
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 0]);
  });

  it('refuses malformed input in the envelope without running anything', async () => {
    const before = JSON.stringify(await box.store.readManifest());
    for (const [action, payload] of [
      ['promote', { unit: 'mfe-evil', version: '1.0.0' }],
      ['promote', { unit: 'mfe-wallet', version: '../../etc' }],
      ['promote', { unit: 'mfe-wallet', version: 'a'.repeat(65) }],
      ['promote', { unit: 'mfe-wallet' }],
      ['rollback', { unit: 'mfe-wallet', to: '..' }],
      ['canary', { unit: 'shell', version: '2.0.0', percent: 10 }],
      ['canary', { unit: 'mfe-wallet', version: '2.0.0', percent: 101 }],
      ['canary', { unit: 'mfe-wallet', version: '2.0.0', percent: 0.5 }],
      ['canary_stop', { unit: ['mfe-wallet'] }],
    ] as const) {
      const reply = await post(releaser, action, payload);
      expect([action, reply.statusCode < 500, reply.json().code]).toEqual([action, true, 0]);
    }
    expect(JSON.stringify(await box.store.readManifest())).toBe(before);
  });
});

/**
 * The same page calls on an S3-compatible deployment store (DEPLOY_STORE_URL, s3rver): the server opens the
 * store it serves /mfe/ from, so a rollback from the page reaches what the shoppers' next load reads.
 */
describe('release page calls on an S3 deployment store', () => {
  let s3: TestS3;
  let box: Sandbox;
  let t: TestApp;
  let releaser: Operator;

  beforeAll(async () => {
    // The release tool's s3rver: it honours conditional writes, which the store's lock needs.
    s3 = await startS3rver();
    const config = deployStoreConfig({
      DEPLOY_STORE_URL: `s3://${s3.bucket}/prod/mfe`,
      S3_ENDPOINT: s3.connection.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    })!;
    const store = new S3DeploymentStore({
      address: { bucket: config.bucket, prefix: config.prefix },
      connection: config.connection,
    });
    box = await sandbox({ store });
    for (const version of ['1.0.0', '2.0.0']) {
      await writeBuild(box.repoDir, wallet, version, { chunk: `console.log(${JSON.stringify(version)});` });
      await deployRemote(box.ctx, wallet, { version });
      await promote(box.ctx, wallet, version);
    }
    t = await createTestApp({ deployStore: config, shellDir: box.shellDir });
    [, releaser] = await staff(t, ['release-s3', 'release']);
  });
  afterAll(async () => {
    await t?.close();
    await s3.close();
    await rm(box.repoDir, { recursive: true, force: true });
    await rm(box.deployDir, { recursive: true, force: true });
  });

  it('rolls the wallet back in the bucket, audited with the operator, and /mfe/ serves the earlier version', async () => {
    const served = async () =>
      (await t.app.inject({ method: 'GET', url: '/mfe/manifest.json' })).json().remotes['mfe-wallet'].version;
    expect(await served()).toBe('2.0.0');
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/admin/release/rollback',
      headers: releaser.headers,
      payload: { unit: 'mfe-wallet' },
    });
    expect(reply.json().data.output).toEqual(['mfe-wallet rolled back from 2.0.0 to 1.0.0.']);
    expect(reply.json().data.location).toBe(`s3://${s3.bucket}/prod/mfe`);
    expect((await box.ctx.store.readAudit()).at(-1)).toMatchObject({ who: 'release-s3', host: CONSOLE_HOST });
    for (let waited = 0; (await served()) !== '1.0.0' && waited < 5_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await served()).toBe('1.0.0');
  });
});
