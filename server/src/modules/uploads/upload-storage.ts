import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored file, read as a stream: the caller sends it on and never holds it whole. */
export interface StoredUpload {
  body: Readable;
  /** Bytes in `body`, when the store tells. */
  contentLength?: number;
  /** What the store recorded at `put` (the disk keeps none: the uploads row has it). */
  contentType?: string;
}

/**
 * Where upload bytes live: files in one process's DATA_DIR (`createDiskStorage`, the embedded default) or
 * an S3-compatible object store every API process shares (`s3-storage.ts`). Names are the uploads' random
 * ids; every call may throw when the store cannot be reached (the uploads service answers 503).
 */
export interface UploadStorage {
  /** Which store, for the start-up log. */
  readonly description: string;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Undefined when nothing is stored under the name. */
  get(name: string): Promise<StoredUpload | undefined>;
  /** Gone already counts as removed (the clean-up may run again over the same names). */
  remove(name: string): Promise<void>;
  /** True when a remote store answers (for /api/ready); absent for files on this machine. */
  ping?(): Promise<boolean>;
  close(): Promise<void>;
}

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

export const createDiskStorage = (dir: string): UploadStorage => {
  const file = (name: string) => path.join(dir, path.basename(name));
  return {
    description: `files in ${dir}`,
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed in whole: a reader never opens a file still being written (a resized
      // variant is read while another request may be storing it; its bytes are the same).
      const partial = file(`.${path.basename(name)}.${randomBytes(6).toString('hex')}.part`);
      try {
        await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
        await rename(partial, file(name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(name) {
      // Opened once: the length and the bytes are those of the same file even if it is removed meanwhile.
      const handle = await open(file(name), 'r').catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (!handle) return undefined;
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), contentLength: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    remove: (name) => rm(file(name), { force: true }),
    close: async () => undefined,
  };
};
