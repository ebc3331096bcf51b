import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { tempDir } from '../test-fixtures';
import type { DeploymentStore } from './deployment-store';
import { LocalDeploymentStore } from './local-store';
import { S3DeploymentStore, type S3LockTiming } from './s3-store';
import { motoInstalled, rawClient, startMoto, startS3rver, type TestS3 } from './s3-test-servers';

/** One deployment store under test, with a look at what it really stored (files or objects). */
interface OpenedStore {
  store: DeploymentStore;
  /** Another store on the same place: a second release manager. */
  another(): DeploymentStore;
  /** Every stored file below the store's root, relative with `/`, sorted. */
  files(under?: string): Promise<string[]>;
  /** A stored file as text, or null. */
  read(file: string): Promise<string | null>;
}

interface StoreBackend {
  name: string;
  kind: 'local' | 's3';
  /**
   * Whether the server keeps up with many writers of one object at once. s3rver does not: with a
   * dozen conditional creates of the lock in flight it sometimes stores one after answering another
   * (its PUT answers before the file is written), so that race runs on the local store and moto.
   */
  manyWriters: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  open(options?: { lockTiming?: Partial<S3LockTiming> }): Promise<OpenedStore>;
}

const listLocal = async (root: string, under = ''): Promise<string[]> => {
  try {
    const entries = await readdir(path.join(root, under), { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

const localBackend = (): StoreBackend => ({
  name: 'local',
  kind: 'local',
  manyWriters: true,
  start: async () => undefined,
  stop: async () => undefined,
  open: async () => {
    const root = await tempDir('deploy');
    return {
      store: new LocalDeploymentStore(root),
      another: () => new LocalDeploymentStore(root),
      files: (under) => listLocal(root, under),
      read: (file) => readFile(path.join(root, file), 'utf8').catch(() => null),
    };
  },
});

/** The S3 store on a server `start` launches; every `open` takes a fresh key prefix in its bucket. */
const s3Backend = (name: string, launch: () => Promise<TestS3 | null>, manyWriters = true): StoreBackend => {
  let server: TestS3 | null = null;
  let raw: S3Client | null = null;
  const stores: S3DeploymentStore[] = [];
  const backend: StoreBackend = {
    name,
    kind: 's3',
    manyWriters,
    start: async () => {
      server = await launch();
      if (!server) throw new Error(`${name} is not available`);
      raw = rawClient(server.connection);
    },
    stop: async () => {
      for (const store of stores.splice(0)) store.close();
      raw?.destroy();
      await server?.close();
    },
    open: async ({ lockTiming } = {}) => {
      if (!server || !raw) throw new Error(`${name} was not started`);
      const { bucket, connection } = server;
      const client = raw;
      const prefix = `stores/${randomUUID()}`;
      const make = () => {
        const store = new S3DeploymentStore({ address: { bucket, prefix }, connection, lockTiming });
        stores.push(store);
        return store;
      };
      return {
        store: make(),
        another: make,
        files: async (under = '') => {
          const keys: string[] = [];
          let token: string | undefined;
          do {
            const page = await client.send(
              new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/${under}`, ContinuationToken: token }),
            );
            keys.push(...(page.Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length + 1)));
            token = page.IsTruncated ? page.NextContinuationToken : undefined;
          } while (token);
          return keys.sort();
        },
        read: async (file) => {
          try {
            const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}/${file}` }));
            return (await object.Body?.transformToString()) ?? null;
          } catch (error) {
            if ((error as { name?: string }).name === 'NoSuchKey') return null;
            throw error;
          }
        },
      };
    },
  };
  return backend;
};

const s3rverBackend = (): StoreBackend => s3Backend('s3rver', () => startS3rver(), false);
const motoBackend = (): StoreBackend => s3Backend('moto', startMoto);

/**
 * The stores every contract test runs on: the local folder, the S3 store on s3rver (in this process,
 * always) and on moto when it is installed (a server that implements conditional writes itself).
 */
export const allBackends = (): StoreBackend[] => [
  localBackend(),
  s3rverBackend(),
  ...(motoInstalled() ? [motoBackend()] : []),
];
