jest.setTimeout(240_000);

import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deployConsole, promoteConsole, rollbackConsole } from '@marketplace/release/src/commands/console';
import { sandbox, type Sandbox } from '@marketplace/release/src/test-fixtures';
import { consoleDirOf } from '../src/config/config';
import { findRepoRoot } from '../src/config/repo-root';
import { createTestApp, type TestApp } from './harness';

/** Writes a console build (what `node tools/build-all.mjs console` leaves in console/dist), marked `version`. */
const writeConsoleBuild = async (box: Sandbox, version: string, hash: string) => {
  const dir = path.join(box.repoDir, 'console', 'dist');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><title>Console</title><meta name="console-release" content="${version}">` +
      `<script src="/console/main.${hash}.js"></script>`,
  );
  await writeFile(path.join(dir, `main.${hash}.js`), `console.log(${JSON.stringify(version)});`);
};

/**
 * The operator console as a deployable unit (docs/decisions/0002-operator-accounts.md), on the real app: the release tool deploys
 * and promotes console versions into a local deployment store, the server (started once) answers `/console`
 * from the live version (the `console-live` link) and a promote or rollback reaches the next request
 * without a restart. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
describe('the live console version from the deployment store', () => {
  let box: Sandbox;
  let t: TestApp;
  const saved = { ...process.env };

  beforeAll(async () => {
    box = await sandbox();
    await writeConsoleBuild(box, '2.0.0', '0a0a0a0a');
    await deployConsole(box.ctx, { version: '2.0.0' });
    await writeConsoleBuild(box, '2.1.0', '1b1b1b1b');
    await deployConsole(box.ctx, { version: '2.1.0' });
    await promoteConsole(box.ctx, '2.0.0');
    // The app finds its console as `npm start` does: from the environment (DEPLOY_DIR, no CONSOLE_DIR).
    process.env.DEPLOY_DIR = box.deployDir;
    delete process.env.CONSOLE_DIR;
    delete process.env.DEPLOY_STORE_URL;
    t = await createTestApp({ deployDir: box.deployDir });
  });
  afterAll(async () => {
    await t.close();
    process.env = saved;
    await rm(box.deployDir, { recursive: true, force: true });
    await rm(box.repoDir, { recursive: true, force: true });
  });

  const served = async (url = '/console/') => {
    const reply = await t.app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(200);
    return /<meta name="console-release" content="([^"]+)">/.exec(reply.body)?.[1] ?? 'none';
  };

  it('answers /console from the promoted version; a promote and a rollback switch it without a restart', async () => {
    expect(consoleDirOf(process.env)).toBe(path.join(box.deployDir, 'console-live'));
    expect(await served('/console')).toBe('2.0.0');
    expect(await served('/console/topups')).toBe('2.0.0');
    const bundle = await t.app.inject({ method: 'GET', url: '/console/main.0a0a0a0a.js' });
    expect([bundle.statusCode, bundle.body, bundle.headers['cache-control']]).toEqual([
      200,
      'console.log("2.0.0");',
      'public, max-age=31536000, immutable',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/console/main.1b1b1b1b.js' })).statusCode).toBe(404);

    await promoteConsole(box.ctx, '2.1.0');
    expect(await served()).toBe('2.1.0');
    expect(await served('/console/queues/refunds')).toBe('2.1.0');
    expect((await t.app.inject({ method: 'GET', url: '/console/main.1b1b1b1b.js' })).body).toBe(
      'console.log("2.1.0");',
    );

    await rollbackConsole(box.ctx);
    expect(await served()).toBe('2.0.0');
    expect((await t.app.inject({ method: 'GET', url: '/console/main.1b1b1b1b.js' })).statusCode).toBe(404);
    expect((await box.store.readAudit()).map((entry) => `${entry.command} ${entry.remote} ${entry.to}`)).toEqual([
      'deploy console 2.0.0',
      'deploy console 2.1.0',
      'promote console 2.0.0',
      'promote console 2.1.0',
      'rollback console 2.0.0',
    ]);
  });

  it('serves console/dist without a live version, with an S3 store, and CONSOLE_DIR over everything', async () => {
    const root = findRepoRoot();
    const empty = path.join(box.repoDir, 'no-store');
    expect(consoleDirOf({}, root, empty)).toBe(path.join(root, 'console', 'dist'));
    expect(consoleDirOf({ DEPLOY_DIR: empty }, root)).toBe(path.join(root, 'console', 'dist'));
    expect(consoleDirOf({ DEPLOY_DIR: box.deployDir }, root)).toBe(path.join(box.deployDir, 'console-live'));
    // The S3 store's versions are not on this disk: the server keeps its own console/dist.
    expect(consoleDirOf({ DEPLOY_STORE_URL: 's3://bucket/mfe' }, root, box.deployDir)).toBe(
      path.join(root, 'console', 'dist'),
    );
    expect(consoleDirOf({ CONSOLE_DIR: '/srv/console' }, root, box.deployDir)).toBe(path.resolve('/srv/console'));
  });
});
