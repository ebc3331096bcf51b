import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CANARY_BUCKET_COOKIE,
  deploymentManifestSchema,
  type RemoteEntry,
  type StoredManifest,
} from '@marketplace/shared/contracts';
import { readBucket, resolveManifest } from '../src/plugins/external/static-files';
import { createTestApp, type TestApp } from './harness';
import { walletEntry } from './static-files.helpers';

const wallet = walletEntry;
const catalogue: RemoteEntry = {
  name: 'mfe_catalogue',
  version: '1.0.0',
  entry: '/mfe/mfe-catalogue/1.0.0/mf-manifest.json',
  namespace: 'catalogue',
  routes: [{ path: '/home', titleKey: 'catalogue:title.home', public: true, keepAlive: true }],
};
const withCanary = (percent: number): StoredManifest => ({
  updatedAt: '2026-01-02T00:00:00.000Z',
  remotes: {
    'mfe-wallet': { ...wallet('1.0.0'), canary: { ...wallet('2.0.0'), percent } },
    'mfe-catalogue': catalogue,
  },
});

let t: TestApp;
let deployDir: string;
let root: string;
/** Replaces the stored manifest as the release tool does: write beside it, then rename. */
const storeManifest = (manifest: unknown) => {
  const temp = path.join(deployDir, `manifest.json.${Date.now()}.tmp`);
  writeFileSync(temp, typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  renameSync(temp, path.join(deployDir, 'manifest.json'));
};
const getManifest = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/mfe/manifest.json', headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'mp-canary-'));
  deployDir = path.join(root, 'deploy');
  mkdirSync(deployDir, { recursive: true });
  t = await createTestApp({ deployDir, shellDir: path.join(root, 'no-shell') });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('canary bucket cookie', () => {
  it('reads an integer 0-99 among other cookies and refuses anything else', () => {
    expect(readBucket(`a=1; ${CANARY_BUCKET_COOKIE}=42; b=2`)).toBe(42);
    expect(readBucket(`${CANARY_BUCKET_COOKIE}=0`)).toBe(0);
    expect(readBucket(`${CANARY_BUCKET_COOKIE}=100`)).toBeNull();
    expect(readBucket(`${CANARY_BUCKET_COOKIE}=-1`)).toBeNull();
    expect(readBucket(`${CANARY_BUCKET_COOKIE}=abc`)).toBeNull();
    expect(readBucket(undefined)).toBeNull();
  });

  it('gives buckets below the percent the canary and the others the live version, without the canary field', () => {
    const stored = withCanary(30);
    expect(resolveManifest(stored, 29).remotes['mfe-wallet']).toEqual(wallet('2.0.0'));
    expect(resolveManifest(stored, 30).remotes['mfe-wallet']).toEqual(wallet('1.0.0'));
    expect(resolveManifest(stored, 0).remotes['mfe-catalogue']).toEqual(catalogue);
    expect(resolveManifest(withCanary(0), 0).remotes['mfe-wallet']?.version).toBe('1.0.0');
    expect(resolveManifest(withCanary(100), 99).remotes['mfe-wallet']?.version).toBe('2.0.0');
  });
});

describe('GET /mfe/manifest.json resolved per browser', () => {
  it('sets a sticky bucket cookie for a new browser and answers a plain, uncached deployment manifest', async () => {
    storeManifest(withCanary(50));
    const response = await getManifest();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/Cookie/i);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${CANARY_BUCKET_COOKIE}=(\\d{1,2});`));
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    const body: unknown = response.json();
    expect(deploymentManifestSchema.strict().parse(body)).toBeTruthy();
    expect(JSON.stringify(body)).not.toContain('canary');
    expect(JSON.stringify(body)).not.toContain('percent');

    const bucket = Number(/=(\d+);/.exec(cookie)?.[1]);
    const expected = bucket < 50 ? '2.0.0' : '1.0.0';
    for (let i = 0; i < 3; i += 1) {
      const again = await getManifest(`${CANARY_BUCKET_COOKIE}=${bucket}`);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(again.json<{ remotes: Record<string, RemoteEntry> }>().remotes['mfe-wallet']?.version).toBe(expected);
    }
  });

  it('splits browsers by bucket: 49 gets the 50% canary, 50 gets live', async () => {
    storeManifest(withCanary(50));
    const low = (await getManifest(`${CANARY_BUCKET_COOKIE}=49`)).json<{ remotes: Record<string, RemoteEntry> }>();
    const high = (await getManifest(`${CANARY_BUCKET_COOKIE}=50`)).json<{ remotes: Record<string, RemoteEntry> }>();
    expect(low.remotes['mfe-wallet']?.entry).toBe('/mfe/mfe-wallet/2.0.0/mf-manifest.json');
    expect(high.remotes['mfe-wallet']?.entry).toBe('/mfe/mfe-wallet/1.0.0/mf-manifest.json');
    expect(low.remotes['mfe-catalogue']).toEqual(high.remotes['mfe-catalogue']);
  });

  it('gives a new bucket to a browser whose cookie is malformed', async () => {
    storeManifest(withCanary(50));
    const response = await getManifest(`${CANARY_BUCKET_COOKIE}=999`);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^${CANARY_BUCKET_COOKIE}=\\d{1,2};`));
  });

  it('picks up a replaced manifest on the next request (a rollback reaches the next page load)', async () => {
    storeManifest({ updatedAt: '2026-01-03T00:00:00.000Z', remotes: { 'mfe-wallet': wallet('2.0.0') } });
    const before = (await getManifest(`${CANARY_BUCKET_COOKIE}=80`)).json<{ remotes: Record<string, RemoteEntry> }>();
    expect(before.remotes['mfe-wallet']?.version).toBe('2.0.0');
    storeManifest({ updatedAt: '2026-01-03T00:00:01.000Z', remotes: { 'mfe-wallet': wallet('1.0.0') } });
    const after = (await getManifest(`${CANARY_BUCKET_COOKIE}=80`)).json<{ remotes: Record<string, RemoteEntry> }>();
    expect(after.remotes['mfe-wallet']?.version).toBe('1.0.0');
  });

  it('keeps serving the last good manifest when the stored file becomes unreadable', async () => {
    storeManifest({ updatedAt: '2026-01-04T00:00:00.000Z', remotes: { 'mfe-wallet': wallet('1.0.0') } });
    await getManifest(`${CANARY_BUCKET_COOKIE}=1`);
    storeManifest('{"updatedAt": 12, "remotes": ');
    const response = await getManifest(`${CANARY_BUCKET_COOKIE}=1`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ remotes: Record<string, RemoteEntry> }>().remotes['mfe-wallet']?.version).toBe('1.0.0');
  });

  it('never serves the temp file of an in-flight manifest write', async () => {
    writeFileSync(path.join(deployDir, 'manifest.json.123.tmp'), '{}');
    const response = await t.app.inject({ method: 'GET', url: '/mfe/manifest.json.123.tmp' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404 });
  });

  it('never serves the release bookkeeping (audit log, history) or any other dot-file of the store', async () => {
    mkdirSync(path.join(deployDir, '.release'), { recursive: true });
    writeFileSync(path.join(deployDir, '.release', 'audit.log'), '{"who":"release-manager"}\n');
    for (const url of ['/mfe/.release/audit.log', '/mfe/.release/history.json', '/mfe/mfe-wallet/.staging-1/x.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('release-manager');
    }
  });
});

describe('GET /mfe/manifest.json without a usable store', () => {
  it('answers a translated 404 envelope when nothing is deployed and a 503 when the file is broken', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mp-canary-empty-'));
    const app = await createTestApp({ deployDir: dir, shellDir: path.join(dir, 'no-shell') });
    try {
      const missing = await app.app.inject({ method: 'GET', url: '/mfe/manifest.json', headers: { lang: 'zh-cn' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 404, msg: '未找到', data: null });
      writeFileSync(path.join(dir, 'manifest.json'), 'not json');
      const broken = await app.app.inject({ method: 'GET', url: '/mfe/manifest.json' });
      expect(broken.statusCode).toBe(503);
      expect(broken.json()).toMatchObject({ code: 503, data: null });
      expect(broken.body).not.toMatch(/SyntaxError|at .*\.ts/);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the manifest an open page asks for again (follow-deployment)', () => {
  it('answers 304 with no body while what this browser gets is unchanged, and 200 once a rollback changes it', async () => {
    storeManifest(withCanary(0));
    const cookie = `${CANARY_BUCKET_COOKIE}=10`;
    const first = await getManifest(cookie);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/mfe/manifest.json',
      headers: { cookie, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another browser's canary cohort gets another manifest, so another tag.
    storeManifest(withCanary(50));
    const inCanary = await t.app.inject({
      method: 'GET',
      url: '/mfe/manifest.json',
      headers: { cookie: `${CANARY_BUCKET_COOKIE}=10`, 'if-none-match': etag },
    });
    expect(inCanary.statusCode).toBe(200);
    expect(deploymentManifestSchema.parse(inCanary.json()).remotes['mfe-wallet']?.version).toBe('2.0.0');
    // The canary rolled back: the page's tag from the canary no longer matches, the stable version comes back.
    const canaryTag = inCanary.headers.etag as string;
    storeManifest(withCanary(0));
    const rolledBack = await t.app.inject({
      method: 'GET',
      url: '/mfe/manifest.json',
      headers: { cookie: `${CANARY_BUCKET_COOKIE}=10`, 'if-none-match': canaryTag },
    });
    expect(rolledBack.statusCode).toBe(200);
    expect(rolledBack.headers.etag).toBe(etag);
    expect(deploymentManifestSchema.parse(rolledBack.json()).remotes['mfe-wallet']?.version).toBe('1.0.0');
  });
});
