jest.setTimeout(120_000);

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client, type PutObjectCommandInput } from '@aws-sdk/client-s3';
import { CANARY_BUCKET_COOKIE, type RemoteEntry, type StoredManifest } from '@marketplace/shared/contracts';
import { s3StorageConfig } from '../src/modules/uploads/s3-config';
import { assetBaseUrl, deployStoreConfig, type DeployStoreConfig } from '../src/plugins/external/deploy-store-config';
import { withAssetBase } from '../src/plugins/external/static-files';
import { createTestApp, type TestApp } from './harness';
import { walletEntry } from './static-files.helpers';
import { localS3 } from './s3.helpers';

/**
 * The deployment store in an S3-compatible bucket (DEPLOY_STORE_URL): s3rver on a loopback port holds
 * the objects as the release CLI lays them out (`<prefix>/<remote>/<version>/…` with their type and
 * cache rule, `<prefix>/manifest.json`, `<prefix>/.release/…`), and the server streams them at /mfe/.
 */
const BUCKET = 'marketplace-deploy';
const PREFIX = 'prod/mfe';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const JS = 'text/javascript; charset=utf-8';

const wallet = walletEntry;
const manifest = (version: string, extra: Partial<StoredManifest['remotes']> = {}): StoredManifest => ({
  updatedAt: '2026-01-02T00:00:00.000Z',
  remotes: { 'mfe-wallet': wallet(version), ...extra } as StoredManifest['remotes'],
});

/** A chunk larger than one network read, so the answer really is streamed from the store in pieces. */
const CHUNK = `var big = '${'remote '.repeat(100_000)}';`;

let s3Server: ReturnType<typeof localS3>;
let root: string;
let client: S3Client;
let store: DeployStoreConfig;
const put = (file: string, body: string | Buffer, input: Partial<PutObjectCommandInput> = {}) =>
  client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/${file}`, Body: body, ...input }));
const putManifest = (value: unknown) =>
  put('manifest.json', typeof value === 'string' ? value : JSON.stringify(value), { CacheControl: 'no-cache' });

let t: TestApp;
let cdn: TestApp;
let localCdn: TestApp;
const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });
const versionOf = async (app: TestApp, cookie = `${CANARY_BUCKET_COOKIE}=80`) =>
  (await get(app, '/mfe/manifest.json', { cookie })).json<{ remotes: Record<string, RemoteEntry> }>().remotes[
    'mfe-wallet'
  ]?.version;

beforeAll(async () => {
  s3Server = localS3(BUCKET, 'mp-deploy-s3-');
  root = mkdtempSync(path.join(tmpdir(), 'mp-deploy-root-'));
  await s3Server.start();
  client = new S3Client({
    endpoint: s3Server.endpoint(),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: KEYS,
  });
  store = deployStoreConfig({
    DEPLOY_STORE_URL: `s3://${BUCKET}/${PREFIX}`,
    S3_ENDPOINT: s3Server.endpoint(),
    S3_ACCESS_KEY_ID: KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
  }) as DeployStoreConfig;

  const version = 'mfe-wallet/1.0.0';
  await putManifest(manifest('1.0.0'));
  await put(`${version}/mf-manifest.json`, '{"name":"mfe_wallet"}', {
    ContentType: 'application/json',
    CacheControl: 'no-cache',
  });
  await put(`${version}/remoteEntry.js`, 'var entry;', { ContentType: JS, CacheControl: 'no-cache' });
  await put(`${version}/big.5e6f7a8b.js`, CHUNK, { ContentType: JS, CacheControl: IMMUTABLE });
  await put(`${version}/big.5e6f7a8b.js.br`, brotliCompressSync(`${CHUNK} // br`), {
    ContentType: JS,
    ContentEncoding: 'br',
  });
  await put(`${version}/big.5e6f7a8b.js.gz`, gzipSync(`${CHUNK} // gz`), { ContentType: JS, ContentEncoding: 'gzip' });
  await put(`${version}/small.1a2b3c4d.js`, 'var small;', { ContentType: JS });
  await put(`${version}/locales-4e5f6a7b/wallet/de.json`, '{"a":"b"}', { ContentType: 'application/json' });
  await put('.release/audit.log', '{"who":"release-manager"}\n');
  await put(`${version}/.staging/x.js`, 'var hidden;');

  // A local DEPLOY_DIR with another manifest: with DEPLOY_STORE_URL it is never read.
  const deployDir = path.join(root, 'deploy');
  mkdirSync(path.join(deployDir, 'mfe-wallet', '1.0.0'), { recursive: true });
  writeFileSync(path.join(deployDir, 'manifest.json'), JSON.stringify(manifest('0.0.1-local')));
  writeFileSync(path.join(deployDir, 'mfe-wallet', '1.0.0', 'remoteEntry.js'), 'var local;');
  const shellDir = path.join(root, 'shell');
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><div id="root"></div>');

  t = await createTestApp({ deployStore: store, deployDir, shellDir });
  cdn = await createTestApp({
    deployStore: store,
    deployDir,
    shellDir,
    assetBaseUrl: 'https://cdn.example.com/assets',
  });
  localCdn = await createTestApp({ deployDir, shellDir, assetBaseUrl: 'https://cdn.example.com' });
});

afterAll(async () => {
  await t?.close();
  await cdn?.close();
  await localCdn?.close();
  client?.destroy();
  await s3Server?.remove();
  rmSync(root, { recursive: true, force: true });
});

describe('remotes and the manifest from an S3-compatible deployment store', () => {
  it('answers the manifest from the store, per browser and never cached; DEPLOY_DIR is not read', async () => {
    const reply = await get(t, '/mfe/manifest.json');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers.vary).toMatch(/Cookie/i);
    expect(String(reply.headers['set-cookie'])).toMatch(new RegExp(`^${CANARY_BUCKET_COOKIE}=\\d{1,2};`));
    expect(reply.json()).toEqual(manifest('1.0.0'));
    expect((await get(t, '/mfe/mfe-wallet/1.0.0/remoteEntry.js')).body).toBe('var entry;');
  });

  it('streams version files with the cache rules of today: entry points revalidated, hashed files immutable', async () => {
    const cacheOf = async (file: string) => {
      const reply = await get(t, `/mfe/mfe-wallet/1.0.0/${file}`);
      return {
        file,
        status: reply.statusCode,
        type: reply.headers['content-type'],
        cache: reply.headers['cache-control'],
      };
    };
    expect(await cacheOf('remoteEntry.js')).toEqual({
      file: 'remoteEntry.js',
      status: 200,
      type: JS,
      cache: 'no-cache',
    });
    expect(await cacheOf('mf-manifest.json')).toMatchObject({ status: 200, cache: 'no-cache' });
    expect(await cacheOf('small.1a2b3c4d.js')).toEqual({
      file: 'small.1a2b3c4d.js',
      status: 200,
      type: JS,
      cache: IMMUTABLE,
    });
    expect(await cacheOf('locales-4e5f6a7b/wallet/de.json')).toMatchObject({ status: 200, cache: IMMUTABLE });

    const plain = await get(t, '/mfe/mfe-wallet/1.0.0/big.5e6f7a8b.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(CHUNK)));
    expect(plain.body).toBe(CHUNK);
  });

  it("sends the build's precompressed .br / .gz copies as they are", async () => {
    const url = '/mfe/mfe-wallet/1.0.0/big.5e6f7a8b.js';
    const br = await get(t, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(JS);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${CHUNK} // br`);
    const gzip = await get(t, url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${CHUNK} // gz`);
  });

  it('answers 304 to a browser revalidating an entry point it has', async () => {
    const first = await get(t, '/mfe/mfe-wallet/1.0.0/remoteEntry.js');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await get(t, '/mfe/mfe-wallet/1.0.0/remoteEntry.js', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('answers a 404 envelope for a missing file, and never serves the bookkeeping or a dot-file', async () => {
    for (const url of [
      '/mfe/mfe-wallet/9.9.9/mf-manifest.json',
      '/mfe/.release/audit.log',
      '/mfe/mfe-wallet/1.0.0/.staging/x.js',
      '/mfe/mfe-wallet/1.0.0/%2e%2e/%2e%2e/.release/audit.log',
      '/mfe/mfe-wallet',
    ]) {
      const reply = await get(t, url);
      expect({ url, status: reply.statusCode }).toEqual({ url, status: 404 });
      expect(reply.json()).toMatchObject({ code: 404 });
      expect(reply.body).not.toContain('release-manager');
    }
  });

  it('picks a promote up within a second, keeps the last good manifest over a broken one', async () => {
    await putManifest(manifest('2.0.0'));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await versionOf(t)).toBe('2.0.0');
    await putManifest('{"updatedAt": 12, "remotes": ');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const reply = await get(t, '/mfe/manifest.json', { cookie: `${CANARY_BUCKET_COOKIE}=80` });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ remotes: Record<string, RemoteEntry> }>().remotes['mfe-wallet']?.version).toBe('2.0.0');
    await putManifest(manifest('1.0.0'));
  });

  it('while the store is down: the last manifest keeps serving, a file answers 503 in the envelope', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await versionOf(t)).toBe('1.0.0');
    await s3Server.stop();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await versionOf(t)).toBe('1.0.0');
      const file = await get(t, '/mfe/mfe-wallet/1.0.0/remoteEntry.js');
      expect(file.statusCode).toBe(503);
      expect(file.json()).toMatchObject({ code: 503, data: null });
    } finally {
      await s3Server.start();
    }
    expect((await get(t, '/mfe/mfe-wallet/1.0.0/remoteEntry.js')).statusCode).toBe(200);
  }, 60_000);
});

describe('remotes from a CDN (ASSET_BASE_URL)', () => {
  it("points the remotes' entries at the CDN, the canary's too, and leaves an entry with an origin alone", () => {
    const stored = manifest('1.0.0', {
      'mfe-orders': {
        name: 'mfe_orders',
        version: '3.0.0',
        entry: 'https://elsewhere.example.net/mfe/mfe-orders/3.0.0/mf-manifest.json',
        namespace: 'orders',
        routes: [],
      },
    });
    const served = withAssetBase(stored, 'https://cdn.example.com/assets');
    expect(served.remotes['mfe-wallet']?.entry).toBe(
      'https://cdn.example.com/assets/mfe/mfe-wallet/1.0.0/mf-manifest.json',
    );
    expect(served.remotes['mfe-orders']?.entry).toBe(
      'https://elsewhere.example.net/mfe/mfe-orders/3.0.0/mf-manifest.json',
    );
    expect(withAssetBase(stored, undefined)).toBe(stored);
  });

  it('serves the manifest with CDN entries, from the S3 store and from DEPLOY_DIR', async () => {
    await putManifest({
      ...manifest('1.0.0'),
      remotes: { 'mfe-wallet': { ...wallet('1.0.0'), canary: { ...wallet('2.0.0'), percent: 50 } } },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const entryFor = async (app: TestApp, bucket: number) =>
      (await get(app, '/mfe/manifest.json', { cookie: `${CANARY_BUCKET_COOKIE}=${bucket}` })).json<{
        remotes: Record<string, RemoteEntry>;
      }>().remotes['mfe-wallet']?.entry;
    expect(await entryFor(cdn, 80)).toBe('https://cdn.example.com/assets/mfe/mfe-wallet/1.0.0/mf-manifest.json');
    expect(await entryFor(cdn, 10)).toBe('https://cdn.example.com/assets/mfe/mfe-wallet/2.0.0/mf-manifest.json');
    expect(await entryFor(t, 10)).toBe('/mfe/mfe-wallet/2.0.0/mf-manifest.json');
    expect(await entryFor(localCdn, 80)).toBe('https://cdn.example.com/mfe/mfe-wallet/0.0.1-local/mf-manifest.json');
    await putManifest(manifest('1.0.0'));
  });

  it("allows the CDN's origin for scripts, styles, fetches and pictures in the page's policy, and nothing else", async () => {
    for (const app of [cdn, localCdn]) {
      const page = await get(app, '/');
      const csp = String(page.headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
      for (const name of ['script-src', 'style-src', 'connect-src', 'img-src']) {
        expect({ name, allowed: directive(name).includes('https://cdn.example.com') }).toEqual({ name, allowed: true });
      }
      for (const name of ['default-src', 'worker-src', 'frame-ancestors', 'base-uri']) {
        expect({ name, allowed: directive(name).includes('cdn.example.com') }).toEqual({ name, allowed: false });
      }
      // The path of ASSET_BASE_URL is not part of the policy: the origin is.
      expect(csp).not.toContain('/assets');
      expect((await get(app, '/api/user/language_list')).headers['content-security-policy']).toBe(csp);
    }
    expect(String((await get(t, '/')).headers['content-security-policy'])).not.toContain('cdn.example.com');
  });

  it('lets a page on another origin use the version files the CDN takes from here (CORP and CORS)', async () => {
    for (const [app, url] of [
      [cdn, '/mfe/mfe-wallet/1.0.0/remoteEntry.js'],
      [cdn, '/mfe/mfe-wallet/1.0.0/mf-manifest.json'],
      [localCdn, '/mfe/mfe-wallet/1.0.0/remoteEntry.js'],
    ] as const) {
      const reply = await get(app, url);
      expect({ url, status: reply.statusCode, corp: reply.headers['cross-origin-resource-policy'] }).toEqual({
        url,
        status: 200,
        corp: 'cross-origin',
      });
      expect(reply.headers['access-control-allow-origin']).toBe('*');
    }
    // Without a CDN nothing changes: same-origin only.
    const own = await get(t, '/mfe/mfe-wallet/1.0.0/remoteEntry.js');
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('deployment store settings', () => {
  it('reads DEPLOY_STORE_URL with the S3_* variables, refuses a malformed one', () => {
    expect(deployStoreConfig({})).toBeUndefined();
    expect(
      deployStoreConfig({ DEPLOY_STORE_URL: 's3://deploy-bucket/prod/mfe/', S3_ENDPOINT: 'http://minio:9000' }),
    ).toEqual({
      bucket: 'deploy-bucket',
      prefix: 'prod/mfe',
      connection: { endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true },
    });
    expect(deployStoreConfig({ DEPLOY_STORE_URL: 's3://deploy-bucket', S3_REGION: 'eu-west-1' })).toEqual({
      bucket: 'deploy-bucket',
      prefix: '',
      connection: { region: 'eu-west-1', forcePathStyle: false },
    });
    for (const url of ['/var/deploy', 's3://Bad_Bucket/x', 's3://deploy-bucket/.release']) {
      expect(() => deployStoreConfig({ DEPLOY_STORE_URL: url })).toThrow(
        /DEPLOY_STORE_URL is not an s3:\/\/bucket\/prefix URL/,
      );
    }
    // S3_ENDPOINT alone serves the deployment store; uploads stay on disk.
    expect(
      s3StorageConfig({ S3_ENDPOINT: 'http://minio:9000', DEPLOY_STORE_URL: 's3://deploy-bucket/mfe' }),
    ).toBeUndefined();
    expect(() => s3StorageConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT and S3_BUCKET/);
  });

  it('reads ASSET_BASE_URL as an http(s) origin with an optional path', () => {
    expect(assetBaseUrl({})).toBeUndefined();
    expect(assetBaseUrl({ ASSET_BASE_URL: 'https://cdn.example.com/' })).toBe('https://cdn.example.com');
    expect(assetBaseUrl({ ASSET_BASE_URL: 'https://cdn.example.com/assets//' })).toBe('https://cdn.example.com/assets');
    for (const value of [
      'cdn.example.com',
      'ftp://cdn.example.com',
      'https://cdn.example.com/?v=1',
      'https://u:p@cdn.example.com',
    ]) {
      expect(() => assetBaseUrl({ ASSET_BASE_URL: value })).toThrow(/ASSET_BASE_URL/);
    }
  });
});
