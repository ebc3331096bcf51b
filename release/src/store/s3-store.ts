import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { ReleaseError } from '../errors';
import { listBuildFiles } from './content-digest';
import type { S3Connection } from './s3-connection';
import {
  StoreBusyError,
  StoreDocuments,
  VersionConflictError,
  storeJson,
  type AuditEntry,
  type DeployInfo,
  type DeploymentStore,
  type PutVersionResult,
  STORE_NAMES,
} from './deployment-store';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Content types of what a build holds; the store sets them so a CDN in front of the bucket serves them right. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': JSON_TYPE,
  '.map': JSON_TYPE,
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
/** The server's cache rule for `/mfe/` (static-files.ts): content-hashed names, or files in a hashed folder. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const IN_HASHED_FOLDER = /(?:^|\/)[a-z]+-[0-9a-f]{8}\//i;

/** Headers stored with a build file: its type, a precompressed copy's encoding, the cache rule. */
export const objectHeaders = (
  file: string,
): Pick<PutObjectCommandInput, 'ContentType' | 'ContentEncoding' | 'CacheControl'> => {
  const encoding = /\.(br|gz)$/.exec(file)?.[1];
  const original = encoding ? file.slice(0, -encoding.length - 1) : file;
  return {
    ContentType: CONTENT_TYPES[path.posix.extname(original).toLowerCase()] ?? 'application/octet-stream',
    ...(encoding ? { ContentEncoding: encoding === 'gz' ? 'gzip' : 'br' } : {}),
    CacheControl: HASHED.test(original) || IN_HASHED_FOLDER.test(original) ? IMMUTABLE : NO_CACHE,
  };
};

/** Where in an S3-compatible store: `s3://bucket/prefix`. */
export interface S3StoreAddress {
  bucket: string;
  /** Key prefix without leading or trailing slash; empty for the bucket's root. */
  prefix: string;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** `s3://bucket/prefix` (the prefix may be empty or have several segments). */
export const parseS3StoreUrl = (url: string): S3StoreAddress => {
  const match = /^s3:\/\/([^/?#]+)(\/[^?#]*)?$/i.exec(url.trim());
  const bucket = match?.[1];
  if (!bucket || !BUCKET_NAME.test(bucket)) {
    throw new ReleaseError(
      `not a deployment store URL: ${url} (expected s3://bucket/prefix, a lower-case bucket name)`,
    );
  }
  const segments = (match[2] ?? '').split('/').filter(Boolean);
  if (segments.some((segment) => segment === '.' || segment === '..' || segment.startsWith('.'))) {
    throw new ReleaseError(`the prefix of ${url} has a segment starting with a dot`);
  }
  return { bucket, prefix: segments.join('/') };
};

/** How the store's lock behaves; tests shorten it. */
export interface S3LockTiming {
  /** A lock whose object did not change for this long (its holder stopped refreshing it) may be taken over. */
  staleMs: number;
  /** How often the holder rewrites the lock object to show it is alive. */
  refreshMs: number;
  /** How long a command waits for another one before giving up. */
  waitMs: number;
}

const DEFAULT_LOCK_TIMING: S3LockTiming = { staleMs: 10_000, refreshMs: 2_000, waitMs: 60_000 };

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: unknown }).name;
const isMissing = (error: unknown) =>
  nameOf(error) === 'NoSuchKey' || nameOf(error) === 'NotFound' || statusOf(error) === 404;
/** 412: the condition did not hold; 409 ConditionalRequestConflict: a conditional write raced another one. */
const isConflict = (error: unknown) =>
  nameOf(error) === 'PreconditionFailed' ||
  nameOf(error) === 'ConditionalRequestConflict' ||
  statusOf(error) === 412 ||
  statusOf(error) === 409;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const currentUser = () => {
  try {
    return process.env.USER || userInfo().username;
  } catch {
    return 'unknown';
  }
};

/** Runs `work` over `items`, at most `limit` at a time. */
const eachLimit = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

interface Lease {
  etag: string;
  lost: boolean;
}

/**
 * The deployment store in an S3-compatible bucket, laid out as the local store's folder under a key
 * prefix: `<prefix>/<remote>/<version>/…` (immutable), `<prefix>/manifest.json`, `<prefix>/.release/…`.
 *
 * Every change is a conditional write (`If-None-Match: *` to create, `If-Match: <ETag>` to replace), so
 * nothing is overwritten that this process did not read: a version file is never replaced, the manifest
 * and the history change only from the copy this command read (another writer in between makes the write
 * fail, never lose their change), and the lock is an object created only when absent. A server that
 * ignores those conditions is detected before the first change and refused.
 */
export class S3DeploymentStore extends StoreDocuments implements DeploymentStore {
  readonly location: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly lockTiming: S3LockTiming;
  /** The ETag of each manifest/history object as this store last read or wrote it (null: it did not exist). */
  private readonly tags = new Map<string, string | null>();
  private conditionalCheck: Promise<void> | undefined;
  private lease: Lease | null = null;

  constructor({
    address,
    connection,
    lockTiming = {},
  }: {
    address: S3StoreAddress;
    connection: S3Connection;
    lockTiming?: Partial<S3LockTiming>;
  }) {
    super();
    this.bucket = address.bucket;
    this.prefix = address.prefix;
    this.location = `s3://${address.bucket}${address.prefix ? `/${address.prefix}` : ''}`;
    this.lockTiming = { ...DEFAULT_LOCK_TIMING, ...lockTiming };
    this.client = new S3Client({
      ...(connection.endpoint ? { endpoint: connection.endpoint } : {}),
      region: connection.region,
      forcePathStyle: connection.forcePathStyle,
      ...(connection.accessKeyId
        ? {
            credentials: {
              accessKeyId: connection.accessKeyId,
              secretAccessKey: connection.secretAccessKey ?? '',
            },
          }
        : {}),
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
      // Checksums only where the API requires them: many S3-compatible servers refuse the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }

  private key(...parts: string[]): string {
    return [this.prefix, ...parts].filter((part) => part !== '').join('/');
  }

  private async get(key: string): Promise<{ body: Uint8Array; etag: string } | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: (await object.Body?.transformToByteArray()) ?? new Uint8Array(), etag: object.ETag ?? '' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async getText(key: string): Promise<{ text: string; etag: string } | null> {
    const object = await this.get(key);
    return object && { text: Buffer.from(object.body).toString('utf8'), etag: object.etag };
  }

  private async headTag(key: string): Promise<string | null> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))).ETag ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async exists(key: string): Promise<boolean> {
    return (await this.headTag(key)) !== null;
  }

  /** Writes one object; the ETag it got (asked again when a server does not return it). */
  private async put(key: string, body: string | Uint8Array, input: Partial<PutObjectCommandInput>): Promise<string> {
    const written = await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ...input }),
    );
    return written.ETag ?? (await this.headTag(key)) ?? '';
  }

  /**
   * Checks once that the server honours conditional writes: a second create of the same object must be
   * refused. Without that, two release commands at once could both "hold" the lock and lose an update.
   */
  private requireConditionalWrites(): Promise<void> {
    this.conditionalCheck ??= (async () => {
      const key = this.key(STORE_NAMES.stateDir, `probe-${randomUUID()}`);
      await this.put(key, 'first', { IfNoneMatch: '*' });
      let honoured = false;
      try {
        await this.put(key, 'second', { IfNoneMatch: '*' });
      } catch (error) {
        if (!isConflict(error)) throw error;
        honoured = true;
      }
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
      if (!honoured) {
        throw new ReleaseError(
          `the S3 server of ${this.location} ignores conditional writes (PutObject with If-None-Match), so two ` +
            'release commands at once could overwrite each other. Use a store that supports them (AWS S3, MinIO, ' +
            'Cloudflare R2, …) or the local store (DEPLOY_DIR).',
        );
      }
    })().catch((error: unknown) => {
      this.conditionalCheck = undefined;
      throw error;
    });
    return this.conditionalCheck;
  }

  /** Refuses a change once this command has lost the lock (it stalled past the stale time and was taken over). */
  private assertLease(): void {
    if (this.lease?.lost) {
      throw new StoreBusyError(
        `this command lost the lock on ${this.location} (it did not refresh it for ${this.lockTiming.staleMs} ms ` +
          'and another release command took it over); it stopped before its next change. Check `status` and run it again.',
      );
    }
  }

  /** Reads an object that is replaced as a whole, remembering its ETag for the conditional write that follows. */
  private async readTracked(key: string): Promise<string | null> {
    const object = await this.getText(key);
    this.tags.set(key, object?.etag ?? null);
    return object?.text ?? null;
  }

  /**
   * Replaces an object only if it is still what this store last read (or absent if it was): another
   * writer in between makes this fail with StoreBusyError and leaves their version in place.
   */
  private async writeTracked(key: string, text: string, what: string): Promise<void> {
    await this.requireConditionalWrites();
    this.assertLease();
    let tag = this.tags.get(key);
    if (tag === undefined) tag = await this.headTag(key);
    try {
      const etag = await this.put(key, text, {
        ...(tag === null ? { IfNoneMatch: '*' } : { IfMatch: tag }),
        ContentType: JSON_TYPE,
        CacheControl: NO_CACHE,
      });
      this.tags.set(key, etag || null);
    } catch (error) {
      if (!isConflict(error)) throw error;
      // A retried request whose first attempt did land finds its own bytes there.
      const current = await this.getText(key);
      if (current?.text === text) {
        this.tags.set(key, current.etag);
        return;
      }
      // The remembered ETag stays: this store writes here again only after reading the current copy.
      throw new StoreBusyError(
        `${what} at ${this.location} changed since this command read it (another release command at the same ` +
          'time?); nothing was overwritten. Check `status` and run the command again.',
      );
    }
  }

  async putVersion(sourceDir: string, info: DeployInfo): Promise<PutVersionResult> {
    // `replace` is not honoured: a version in an object store (and in every CDN cache) never changes.
    await this.requireConditionalWrites();
    this.assertLease();
    const existing = await this.readDeployInfo(info.folder, info.version);
    if (existing) {
      if (existing.contentDigest === info.contentDigest) return 'unchanged';
      throw new VersionConflictError(info.folder, info.version);
    }
    // Build files first, each only if absent; deploy.json last: a version exists once its deploy.json does.
    await eachLimit(await listBuildFiles(sourceDir), 8, async (file) => {
      const body = await readFile(path.join(sourceDir, ...file.split('/')));
      const key = this.key(info.folder, info.version, file);
      try {
        await this.put(key, body, { IfNoneMatch: '*', ...objectHeaders(file) });
      } catch (error) {
        if (!isConflict(error)) throw error;
        // Left by an interrupted deploy of this very build: the same bytes may stay, other bytes never.
        const stored = await this.get(key);
        if (!stored || !Buffer.from(stored.body).equals(body))
          throw new VersionConflictError(info.folder, info.version);
      }
    });
    const deployInfoKey = this.key(info.folder, info.version, STORE_NAMES.deployInfo);
    try {
      await this.put(deployInfoKey, storeJson(info), {
        IfNoneMatch: '*',
        ContentType: JSON_TYPE,
        CacheControl: NO_CACHE,
      });
    } catch (error) {
      if (!isConflict(error)) throw error;
      const other = await this.readDeployInfo(info.folder, info.version);
      if (other?.contentDigest === info.contentDigest) return 'unchanged';
      throw new VersionConflictError(info.folder, info.version);
    }
    return 'created';
  }

  async readDeployInfo(folder: string, version: string): Promise<DeployInfo | null> {
    const object = await this.getText(this.key(folder, version, STORE_NAMES.deployInfo));
    return object === null ? null : (JSON.parse(object.text) as DeployInfo);
  }

  async readVersionFile(folder: string, version: string, file: string): Promise<string | null> {
    const normalized = path.posix.normalize(file.split(path.sep).join('/'));
    if (normalized.startsWith('/') || normalized === '..' || normalized.startsWith('../') || normalized === '.') {
      return null;
    }
    return (await this.getText(this.key(folder, version, normalized)))?.text ?? null;
  }

  /** The "sub-folders" of a key prefix, without dot-names. */
  private async listFolders(prefix: string): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: '/', ContinuationToken: token }),
      );
      for (const common of page.CommonPrefixes ?? []) {
        const name = common.Prefix?.slice(prefix.length).replace(/\/$/, '');
        if (name && !name.startsWith('.')) names.push(name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async listVersions(folder: string): Promise<string[]> {
    const candidates = await this.listFolders(`${this.key(folder)}/`);
    // Only versions whose deploy.json is there: files of an interrupted deploy are not a version.
    const deployed = await Promise.all(
      candidates.map(async (version) =>
        (await this.exists(this.key(folder, version, STORE_NAMES.deployInfo))) ? version : null,
      ),
    );
    return deployed.filter((version): version is string => version !== null);
  }

  async listRemotes(): Promise<string[]> {
    const folders = await this.listFolders(this.prefix ? `${this.prefix}/` : '');
    const withVersions = await Promise.all(
      folders.map(async (folder) => ((await this.listVersions(folder)).length > 0 ? folder : null)),
    );
    return withVersions.filter((folder): folder is string => folder !== null);
  }

  protected readDocument(file: string): Promise<string | null> {
    return this.readTracked(this.key(file));
  }

  protected writeDocument(file: string, text: string, what: string): Promise<void> {
    return this.writeTracked(this.key(file), text, what);
  }

  /** Appends a line by compare-and-swap on the log's ETag, so concurrent appends each land once. */
  async appendAudit(entry: AuditEntry): Promise<void> {
    await this.requireConditionalWrites();
    this.assertLease();
    const key = this.key(STORE_NAMES.stateDir, STORE_NAMES.audit);
    const line = `${JSON.stringify(entry)}\n`;
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.getText(key);
      const text = `${current?.text ?? ''}${line}`;
      try {
        await this.put(key, text, {
          ...(current ? { IfMatch: current.etag } : { IfNoneMatch: '*' }),
          ContentType: 'application/x-ndjson',
          CacheControl: NO_CACHE,
        });
        return;
      } catch (error) {
        if (!isConflict(error)) throw error;
        if ((await this.getText(key))?.text === text) return;
        if (attempt >= 20) throw new StoreBusyError(`the audit log at ${this.location} kept changing; try again`);
        await sleep(5 + Math.random() * 20 * attempt);
      }
    }
  }

  async readAudit(): Promise<AuditEntry[]> {
    const object = await this.getText(this.key(STORE_NAMES.stateDir, STORE_NAMES.audit));
    if (object === null) return [];
    return object.text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as AuditEntry);
  }

  /**
   * The lock is the object `.release/lock`, created only when absent (If-None-Match). Its holder rewrites
   * it every `refreshMs`; a waiting command that sees it unchanged for `staleMs` (measured on its own
   * clock, so clocks of different machines need not agree) takes it over with If-Match on the ETag it saw,
   * so of several waiters exactly one does. Released by a delete conditional on the holder's ETag.
   */
  async withLock<T>(task: () => Promise<T>): Promise<T> {
    await this.requireConditionalWrites();
    const release = await this.acquireLock();
    try {
      const result = await task();
      this.assertLease();
      return result;
    } finally {
      await release();
    }
  }

  private async acquireLock(): Promise<() => Promise<void>> {
    const key = this.key(STORE_NAMES.stateDir, STORE_NAMES.lock);
    const { staleMs, refreshMs, waitMs } = this.lockTiming;
    const owner = randomUUID();
    const who = `${currentUser()}@${hostname()} (pid ${process.pid})`;
    let beat = 0;
    const body = () => {
      beat += 1;
      return JSON.stringify({ owner, who, beat, at: new Date().toISOString() });
    };
    const lockInput = { ContentType: JSON_TYPE, CacheControl: 'no-store' };
    const started = Date.now();
    let watched = null as { etag: string; since: number; holder: string } | null;
    let delay = 5;
    let etag: string | null = null;
    while (etag === null) {
      try {
        etag = await this.put(key, body(), { IfNoneMatch: '*', ...lockInput });
        break;
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
      // A read cut off mid-body (no HTTP answer to go by) is only retried: the loop reads again.
      const current = await this.getText(key).catch((error: unknown) => {
        if (statusOf(error) !== undefined) throw error;
        return undefined;
      });
      if (current) {
        let holder: { owner?: unknown; who?: unknown } = {};
        try {
          holder = JSON.parse(current.text) as typeof holder;
        } catch {
          // A lock written by something else: it still locks, and goes stale like any other.
        }
        if (holder.owner === owner) {
          // Our own create landed though its answer was lost (the SDK retried it).
          etag = current.etag;
          break;
        }
        if (watched?.etag !== current.etag) {
          // A lock being rewritten can read as nothing on some servers: the holder's name stays the last one read.
          const name = typeof holder.who === 'string' ? holder.who : (watched?.holder ?? 'unknown');
          watched = { etag: current.etag, since: Date.now(), holder: name };
        } else if (Date.now() - watched.since >= staleMs) {
          try {
            etag = await this.put(key, body(), { IfMatch: current.etag, ...lockInput });
            break;
          } catch (error) {
            if (!isConflict(error) && !isMissing(error)) throw error;
            watched = null;
          }
        }
      }
      if (Date.now() - started >= waitMs) {
        throw new StoreBusyError(
          `another release command (${watched?.holder ?? 'unknown'}) has held the lock on ${this.location} for ` +
            `over ${Math.round(waitMs / 1000)} s; try again when it ends`,
        );
      }
      await sleep(delay * (0.5 + Math.random()));
      delay = Math.min(delay * 1.5, 200);
    }
    const lease: Lease = { etag, lost: false };
    this.lease = lease;
    let refreshing = Promise.resolve();
    const timer = setInterval(() => {
      refreshing = refreshing.then(async () => {
        if (lease.lost) return;
        try {
          lease.etag = await this.put(key, body(), { IfMatch: lease.etag, ...lockInput });
        } catch (error) {
          // Taken over (or removed): this command must not change anything more. Anything else is
          // transient; the next beat tries again, and others wait `staleMs` before taking over.
          if (isConflict(error) || isMissing(error)) lease.lost = true;
        }
      });
    }, refreshMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await refreshing;
      if (this.lease === lease) this.lease = null;
      if (lease.lost) return;
      // If this fails the lock goes stale and the next command takes it over after `staleMs`.
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key, IfMatch: lease.etag }))
        .catch(() => undefined);
    };
  }
}
