import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import type { S3Connection } from './s3-connection';

/** Test helpers: S3-compatible servers on a loopback port for the S3 deployment store's tests. */
export interface TestS3 {
  name: string;
  bucket: string;
  connection: S3Connection;
  close(): Promise<void>;
}

const TEST_BUCKET = 'deploy-store-test';
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type Middleware = S3rver['middleware'][number];
type S3rverContext = Parameters<Middleware>[0];

/**
 * s3rver 4 checks a bucket-level request's signature against `/<bucket>`, but the AWS SDK v3 sends and
 * signs ListObjectsV2 as `/<bucket>/`. Its virtual-host branch builds `/<bucket>` + mount path: with
 * the mount path `/` it checks what the SDK signed. (Signatures stay checked; nothing is waived.)
 */
const bucketSlashSignatureFix: Middleware = (ctx, next) => {
  if (!ctx.state.vhost && /^\/[^/]+\/$/.test(ctx.path)) {
    ctx.state.vhost = true;
    ctx.mountPath = '/';
  }
  return next();
};

const header = (ctx: S3rverContext, name: string): string | undefined => {
  const value = ctx.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * What S3 guarantees per object and s3rver 4 does not (it rewrites an object's files in place and
 * ignores If-Match / If-None-Match on PutObject and DeleteObject, which S3 honours since 2024, as do
 * MinIO and R2): requests to one object run one after another, a read takes the whole body before the
 * next write starts (so it sees the old or the new object, never a torn one), and a conditional write
 * is checked against the stored ETag in the same step: else 412 PreconditionFailed (If-Match on a
 * missing object: 404 NoSuchKey). `conditional: false` keeps only the ordering.
 */
const objectConsistency = (server: S3rver, conditional: boolean): Middleware => {
  const queues = new Map<string, Promise<unknown>>();
  return (ctx, next) => {
    const target = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!target) return next();
    const bucket = decodeURIComponent(target[1] ?? '');
    const key = decodeURIComponent(target[2] ?? '');
    const id = `${bucket}/${key}`;
    const ifMatch = header(ctx, 'if-match');
    const ifNoneMatch = header(ctx, 'if-none-match');
    const checked = conditional && ['PUT', 'DELETE'].includes(ctx.method);
    const refuse = (status: number, code: string, message: string) => {
      ctx.status = status;
      ctx.body = { Error: { Code: code, Message: message } };
    };
    const run = (queues.get(id) ?? Promise.resolve()).then(async () => {
      if (checked && (ifMatch !== undefined || ifNoneMatch !== undefined)) {
        const etag = await server.store.getMetadata(bucket, key).then(
          (metadata) => metadata.etag,
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return null;
            throw error;
          },
        );
        const failed = 'At least one of the pre-conditions you specified did not hold';
        if (ifNoneMatch === '*' && etag !== null) return refuse(412, 'PreconditionFailed', failed);
        if (ifMatch !== undefined && etag === null)
          return refuse(404, 'NoSuchKey', 'The specified key does not exist.');
        if (ifMatch !== undefined && ifMatch !== etag) return refuse(412, 'PreconditionFailed', failed);
      }
      await next();
      const body = ctx.body as Readable | null;
      if (body && typeof body.pipe === 'function') ctx.body = Buffer.concat(await body.toArray());
    });
    queues.set(
      id,
      run.catch(() => undefined),
    );
    return run;
  };
};

/**
 * s3rver 4 lists common prefixes only of keys one level below the prefix: a delimited listing of
 * `p/` finds `p/a/` for `p/a/x` but not for `p/a/b/x` (it prunes the walk). This lists every key below
 * the prefix and groups them as S3 does.
 */
const groupCommonPrefixes = (server: S3rver): void => {
  const listObjects = server.store.listObjects.bind(server.store);
  server.store.listObjects = async (bucket, options) => {
    const { delimiter = '', prefix = '', maxKeys = Infinity } = options;
    if (!delimiter) return listObjects(bucket, options);
    const all = await listObjects(bucket, { ...options, delimiter: '', maxKeys: Infinity });
    const commonPrefixes = new Set<string>();
    const objects = all.objects.filter((object) => {
      const at = object.key.indexOf(delimiter, prefix.length);
      if (at === -1) return true;
      commonPrefixes.add(object.key.slice(0, at + delimiter.length));
      return false;
    });
    return { objects: objects.slice(0, maxKeys), commonPrefixes: [...commonPrefixes].sort(), isTruncated: false };
  };
};

/**
 * s3rver (in this process) with its bucket, checking SigV4 signatures. `conditional: false` leaves it as
 * published: a server that ignores conditional writes.
 */
export const startS3rver = async ({ conditional = true }: { conditional?: boolean } = {}): Promise<TestS3> => {
  const directory = await mkdtemp(path.join(tmpdir(), 'release-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  groupCommonPrefixes(server);
  // Before the router, which is the last middleware.
  server.middleware.splice(
    server.middleware.length - 1,
    0,
    bucketSlashSignatureFix,
    objectConsistency(server, conditional),
  );
  const { port } = await server.run();
  return {
    name: conditional ? 's3rver' : 's3rver without conditional writes',
    bucket: TEST_BUCKET,
    connection: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, ...S3RVER_KEYS },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};

const onPath = (command: string): string | null => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this folder.
    }
  }
  return null;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * moto's S3 application (Python) served one request at a time. `moto_server` serves it on threads and
 * checks a conditional write (If-None-Match, If-Match) and stores the object in two steps that another
 * thread can run between: on busy cores two conditional creates of one object could both succeed, which
 * S3 never allows (it decides them atomically, per object). Served serially, every conditional write is
 * decided and stored before the next request is read, as S3 guarantees.
 */
const serialMoto = (port: number) =>
  [
    'from moto.server import DomainDispatcherApplication, create_backend_app',
    'from werkzeug.serving import run_simple',
    `run_simple('127.0.0.1', ${port}, DomainDispatcherApplication(create_backend_app), threaded=False)`,
  ].join('\n');

let motoAnswer: boolean | undefined;
/** Whether moto can be started here: python3 on the PATH imports it (and `TEST_S3_MOTO` is not `0`). */
export const motoInstalled = (): boolean => {
  if (process.env.TEST_S3_MOTO === '0' || onPath('python3') === null) return false;
  motoAnswer ??= spawnSync('python3', ['-c', 'import moto.server, werkzeug.serving'], { stdio: 'ignore' }).status === 0;
  return motoAnswer;
};

/**
 * moto's S3 server (Python; the machine image has moto 5.2), an independent implementation that honours
 * conditional writes itself, served one request at a time (serialMoto). Null when it is not installed or
 * `TEST_S3_MOTO=0`; the tests that need it then say they were skipped.
 */
export const startMoto = async (): Promise<TestS3 | null> => {
  if (!motoInstalled()) return null;
  const port = await freePort();
  const child = spawn('python3', ['-c', serialMoto(port)], { stdio: 'ignore' });
  const exited = once(child, 'exit');
  const connection: S3Connection = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    accessKeyId: 'moto',
    secretAccessKey: 'moto',
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const client = new S3Client({ ...connection, credentials: { accessKeyId: 'moto', secretAccessKey: 'moto' } });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
        break;
      } catch (error) {
        if (child.exitCode !== null || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { name: 'moto', bucket: TEST_BUCKET, connection, close: stop };
};

/** A plain S3 client on a test server, to look at or change its objects behind a store's back. */
export const rawClient = ({ endpoint, region, accessKeyId, secretAccessKey }: S3Connection): S3Client =>
  new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId: accessKeyId ?? '', secretAccessKey: secretAccessKey ?? '' },
  });
