import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StoredManifest } from '@marketplace/shared/contracts';
import { ReleaseError } from '../errors';
import { remoteApp } from '../remotes';
import { deployInfoFor, tempDir, writeBuild } from '../test-fixtures';
import { StoreBusyError } from './deployment-store';
import { LocalDeploymentStore } from './local-store';
import { openStore } from './open-store';
import { s3ConnectionFromEnv } from './s3-connection';
import { objectHeaders, parseS3StoreUrl, S3DeploymentStore, type S3LockTiming } from './s3-store';
import { motoInstalled, rawClient, startMoto, startS3rver, type TestS3 } from './s3-test-servers';

const wallet = remoteApp('mfe-wallet');

const infoFor = (dir: string, version?: string) => deployInfoFor(wallet, dir, version);

const manifestWith = (version: string): StoredManifest => ({
  updatedAt: '2026-01-01T00:00:00.000Z',
  remotes: {
    'mfe-wallet': {
      name: 'mfe_wallet',
      version,
      entry: `/mfe/mfe-wallet/${version}/mf-manifest.json`,
      namespace: 'wallet',
      routes: [],
    },
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('S3 store settings', () => {
  it('reads s3://bucket/prefix and refuses what is not one', () => {
    expect(parseS3StoreUrl('s3://deploy-bucket/mfe')).toEqual({ bucket: 'deploy-bucket', prefix: 'mfe' });
    expect(parseS3StoreUrl('s3://deploy-bucket/a/b/')).toEqual({ bucket: 'deploy-bucket', prefix: 'a/b' });
    expect(parseS3StoreUrl('s3://deploy-bucket')).toEqual({ bucket: 'deploy-bucket', prefix: '' });
    expect(() => parseS3StoreUrl('s3://Upper_Case/x')).toThrow(ReleaseError);
    expect(() => parseS3StoreUrl('s3:///x')).toThrow('not a deployment store URL');
    expect(() => parseS3StoreUrl('s3://bucket/../x')).toThrow('starting with a dot');
  });

  it('reaches the store with the S3_* variables the uploads use', () => {
    expect(s3ConnectionFromEnv({})).toEqual({ region: 'us-east-1', forcePathStyle: false });
    expect(
      s3ConnectionFromEnv({
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(s3ConnectionFromEnv({ S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com' }).forcePathStyle).toBe(false);
    expect(s3ConnectionFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '0' }).forcePathStyle).toBe(
      false,
    );
    expect(() => s3ConnectionFromEnv({ S3_ACCESS_KEY_ID: 'id' })).toThrow('set together');
    expect(() => s3ConnectionFromEnv({ S3_ENDPOINT: 'not a url' })).toThrow('S3_ENDPOINT is not a URL');
  });

  it('opens the S3 store for s3://, a folder otherwise, the local DEPLOY_DIR without a URL', async () => {
    const s3 = await openStore('s3://deploy-bucket/mfe', '/unused', { S3_ENDPOINT: 'http://127.0.0.1:1' });
    expect(s3).toBeInstanceOf(S3DeploymentStore);
    expect(s3.location).toBe('s3://deploy-bucket/mfe');
    (s3 as S3DeploymentStore).close();
    expect(await openStore(undefined, '/srv/deploy')).toEqual(new LocalDeploymentStore('/srv/deploy'));
    expect((await openStore('/srv/other', '/srv/deploy')).location).toBe('/srv/other');
    await expect(openStore('gs://bucket/x', '/srv/deploy')).rejects.toThrow('unsupported deployment store');
  });

  const JS = 'text/javascript; charset=utf-8';
  const JSON_TYPE = 'application/json; charset=utf-8';
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  it.each<[string, Record<string, string>]>([
    ['remoteEntry.js', { ContentType: JS, CacheControl: 'no-cache' }],
    ['mf-manifest.json', { ContentType: JSON_TYPE, CacheControl: 'no-cache' }],
    ['static/js/screens.1a2b3c4d.js', { ContentType: JS, CacheControl: IMMUTABLE }],
    [
      'static/css/9.5e6f7a8b.css.br',
      { ContentType: 'text/css; charset=utf-8', ContentEncoding: 'br', CacheControl: IMMUTABLE },
    ],
    [
      'locales-4e5f6a7b/wallet/de.json.gz',
      { ContentType: JSON_TYPE, ContentEncoding: 'gzip', CacheControl: IMMUTABLE },
    ],
    ['logo.unknown', { ContentType: 'application/octet-stream', CacheControl: 'no-cache' }],
  ])('stores the build file %s with its type, encoding and the cache rule the server applies', (file, headers) => {
    expect(objectHeaders(file)).toEqual(headers);
  });
});

describe('S3 store on a server that ignores conditional writes', () => {
  let server: TestS3;
  beforeAll(async () => {
    server = await startS3rver({ conditional: false });
  });
  afterAll(() => server.close());

  it('refuses to change anything, naming why, and writes no manifest', async () => {
    const store = new S3DeploymentStore({
      address: { bucket: server.bucket, prefix: randomUUID() },
      connection: server.connection,
    });
    try {
      await expect(store.writeManifest(manifestWith('1.0.0'))).rejects.toThrow(
        /ignores conditional writes \(PutObject with If-None-Match\)/,
      );
      await expect(store.withLock(async () => 'ran')).rejects.toThrow(ReleaseError);
      expect(await store.readManifest()).toBeNull();
    } finally {
      store.close();
    }
  });
});

const servers: Array<{ name: string; start: () => Promise<TestS3 | null> }> = [
  { name: 's3rver', start: () => startS3rver() },
  ...(motoInstalled() ? [{ name: 'moto', start: startMoto }] : []),
];
if (!motoInstalled()) console.info('moto_server is not installed: the S3 store is tested on s3rver only');

describe.each(servers)('S3 store on $name', ({ start }) => {
  let server: TestS3;
  let raw: S3Client;
  const opened: S3DeploymentStore[] = [];
  const open = (prefix: string, lockTiming?: Partial<S3LockTiming>) => {
    const store = new S3DeploymentStore({
      address: { bucket: server.bucket, prefix },
      connection: server.connection,
      lockTiming,
    });
    opened.push(store);
    return store;
  };
  beforeAll(async () => {
    server = (await start()) as TestS3;
    raw = rawClient(server.connection);
  }, 90_000);
  afterAll(async () => {
    for (const store of opened) store.close();
    raw.destroy();
    await server.close();
  });

  it('detects a lost race: of two release managers who read the same manifest, the second write is refused', async () => {
    const prefix = randomUUID();
    const alice = open(prefix);
    const bob = open(prefix);
    await alice.writeManifest(manifestWith('1.0.0'));

    expect((await alice.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.0');
    expect((await bob.readManifest())?.remotes['mfe-wallet']?.version).toBe('1.0.0');
    await bob.writeManifest(manifestWith('2.0.0'));
    await expect(alice.writeManifest(manifestWith('3.0.0'))).rejects.toThrow(StoreBusyError);
    await expect(alice.writeManifest(manifestWith('3.0.0'))).rejects.toThrow(
      /the manifest at s3:\/\/.* changed since this command read it/,
    );
    expect((await open(prefix).readManifest())?.remotes['mfe-wallet']?.version).toBe('2.0.0');

    // The same for the first manifest of a store: only one of two creators wins.
    const fresh = randomUUID();
    const carol = open(fresh);
    const dave = open(fresh);
    expect(await carol.readManifest()).toBeNull();
    expect(await dave.readManifest()).toBeNull();
    await dave.writeManifest(manifestWith('1.0.0'));
    await expect(carol.writeManifest(manifestWith('9.0.0'))).rejects.toThrow(StoreBusyError);

    // And for the history; a manager who reads again may write.
    await alice.readHistory();
    await bob.readHistory();
    await bob.writeHistory({ previous: { 'mfe-wallet': ['1.0.0'] } });
    await expect(alice.writeHistory({ previous: { 'mfe-wallet': ['0.9.0'] } })).rejects.toThrow(StoreBusyError);
    await alice.readHistory();
    await alice.writeHistory({ previous: { 'mfe-wallet': ['1.0.0', '2.0.0'] } });
    expect((await bob.readHistory()).previous['mfe-wallet']).toEqual(['1.0.0', '2.0.0']);
  });

  it('finishes an interrupted deploy of the same build, and never lets another build into its files', async () => {
    const prefix = randomUUID();
    const store = open(prefix);
    const repo = await tempDir('repo');
    const build = await writeBuild(repo, wallet, '1.0.0');
    await store.putVersion(build, await infoFor(build));
    // The deploy was cut short before its deploy.json: not a version yet.
    await raw.send(new DeleteObjectCommand({ Bucket: server.bucket, Key: `${prefix}/mfe-wallet/1.0.0/deploy.json` }));
    expect(await store.listVersions('mfe-wallet')).toEqual([]);
    expect(await store.listRemotes()).toEqual([]);

    const other = await writeBuild(repo, wallet, '1.0.0', { chunk: 'console.log("other");' });
    await expect(store.putVersion(other, await infoFor(other))).rejects.toThrow(
      'already deployed with different content',
    );
    expect(await store.readVersionFile('mfe-wallet', '1.0.0', 'assets/chunk.js')).toBe('console.log(1);');
    expect(await store.listVersions('mfe-wallet')).toEqual([]);

    const again = await writeBuild(repo, wallet, '1.0.0');
    await expect(store.putVersion(again, await infoFor(again))).resolves.toBe('created');
    expect(await store.listVersions('mfe-wallet')).toEqual(['1.0.0']);
  });

  it('stores build files with their content type, encoding and cache rule', async () => {
    const prefix = randomUUID();
    const store = open(prefix);
    const build = await writeBuild(await tempDir('repo'), wallet, '1.0.0');
    await writeFile(path.join(build, 'screens.1a2b3c4d.js'), 'var screens;');
    await writeFile(path.join(build, 'screens.1a2b3c4d.js.br'), Buffer.from([0x1b, 0x0b, 0x00]));
    await store.putVersion(build, await infoFor(build));
    const head = (file: string) =>
      raw.send(new HeadObjectCommand({ Bucket: server.bucket, Key: `${prefix}/mfe-wallet/1.0.0/${file}` }));

    expect(await head('remoteEntry.js')).toMatchObject({
      ContentType: 'text/javascript; charset=utf-8',
      CacheControl: 'no-cache',
    });
    expect(await head('screens.1a2b3c4d.js')).toMatchObject({
      ContentType: 'text/javascript; charset=utf-8',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(await head('screens.1a2b3c4d.js.br')).toMatchObject({
      ContentType: 'text/javascript; charset=utf-8',
      ContentEncoding: 'br',
    });
  });

  it('waits for a live lock holder, takes over a stale lock, and stops a holder that lost its lock', async () => {
    const prefix = randomUUID();
    const timing = { staleMs: 400, refreshMs: 60, waitMs: 10_000 };
    const first = open(prefix, timing);
    const second = open(prefix, timing);

    // A live holder (refreshing its lock) is waited for, however long past the stale time it works.
    const order: string[] = [];
    const holding = first.withLock(async () => {
      order.push('first in');
      await sleep(1_000);
      order.push('first out');
    });
    await sleep(100);
    await second.withLock(async () => {
      order.push('second in');
    });
    await holding;
    expect(order).toEqual(['first in', 'first out', 'second in']);

    // A lock whose holder died (it never changes again) is taken over once it stood still for staleMs.
    const lockKey = `${prefix}/.release/lock`;
    await raw.send(
      new PutObjectCommand({ Bucket: server.bucket, Key: lockKey, Body: '{"owner":"dead","who":"mallory@gone"}' }),
    );
    const started = Date.now();
    await expect(second.withLock(async () => 'ran')).resolves.toBe('ran');
    expect(Date.now() - started).toBeGreaterThanOrEqual(timing.staleMs);

    // A holder whose lock was taken over (here: overwritten behind its back) changes nothing more.
    await expect(
      first.withLock(async () => {
        await raw.send(new PutObjectCommand({ Bucket: server.bucket, Key: lockKey, Body: '{"owner":"thief"}' }));
        await sleep(timing.refreshMs * 4);
        await first.writeManifest(manifestWith('6.6.6'));
      }),
    ).rejects.toThrow(/lost the lock/);
    expect(await first.readManifest()).toBeNull();
  });

  it('gives up waiting for a lock that stays held, naming the holder', async () => {
    const prefix = randomUUID();
    const timing = { staleMs: 5_000, refreshMs: 50, waitMs: 300 };
    const first = open(prefix, timing);
    const second = open(prefix, timing);
    let done!: () => void;
    const holding = first.withLock(() => new Promise<void>((resolve) => (done = resolve)));
    await sleep(100);
    await expect(second.withLock(async () => 'ran')).rejects.toThrow(
      /another release command \(.+@.+ \(pid \d+\)\) has held the lock on s3:\/\/.* for over 0 s/,
    );
    done();
    await holding;
  });
});
