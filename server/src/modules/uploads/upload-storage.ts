import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where upload bytes live. Local disk here; an S3-compatible store implements the same two calls. */
export interface UploadStorage {
  save(name: string, bytes: Buffer): Promise<void>;
  read(name: string): Promise<Buffer>;
  /** Gone already counts as removed. */
  remove(name: string): Promise<void>;
}

export const createDiskStorage = (dir: string): UploadStorage => ({
  async save(name, bytes) {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, path.basename(name)), bytes, { mode: 0o600, flag: 'wx' });
  },
  read: (name) => readFile(path.join(dir, path.basename(name))),
  remove: (name) => rm(path.join(dir, path.basename(name)), { force: true }),
});
