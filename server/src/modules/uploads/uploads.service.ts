import { randomBytes } from 'node:crypto';
import type { UploadResult } from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';
import { ResponseCode } from '@marketplace/shared/contracts';
import { sniffImageType } from './file-sniffer';
import type { UploadStorage } from './upload-storage';
import type { UploadRow, UploadsRepository } from './uploads.repository';

export const uploadUrl = (id: string) => `/api/upload/${id}`;

/** Same answer for "does not exist" and "not yours": ids cannot be probed. */
const notFound = () => new AppError(ResponseCode.FAIL, 'err.upload.notFound', undefined, null, 404);

export interface UploadQuota {
  /** Files per shopper per hour. */
  maxCount: number;
  /** Bytes per shopper per hour. */
  maxBytes: number;
  /** How long an upload nothing refers to is kept (a form still being filled in). */
  graceMs: number;
}

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = { maxCount: 60, maxBytes: 100 * 1024 * 1024, graceMs: 24 * 3_600_000 };

interface Deps {
  uploads: UploadsRepository;
  storage: UploadStorage;
  quota?: UploadQuota;
  now?: () => Date;
}

export const createUploadsService = ({
  uploads,
  storage,
  quota = DEFAULT_UPLOAD_QUOTA,
  now = () => new Date(),
}: Deps) => ({
  async store(userId: number, bytes: Buffer): Promise<UploadResult> {
    if (bytes.length === 0) throw fail('err.upload.missing');
    const mime = sniffImageType(bytes);
    if (!mime) throw fail('err.upload.type');
    const id = randomBytes(16).toString('hex');
    // The app's clock, like the quota and clean-up cut-offs that compare with it.
    const row = { id, userId, mime, size: bytes.length, createdAt: now() };
    if (!(await uploads.insertWithinQuota(row, quota, new Date(now().getTime() - 3_600_000)))) {
      throw fail('err.upload.quota');
    }
    try {
      await storage.save(id, bytes);
    } catch (error) {
      await uploads.remove(id);
      throw error;
    }
    return { id, url: uploadUrl(id) };
  },

  /** Removes uploads nothing refers to once the grace period is over (rows and bytes). */
  async removeUnreferenced(): Promise<number> {
    const ids = await uploads.deleteUnreferenced(new Date(now().getTime() - quota.graceMs));
    for (const id of ids) await storage.remove(id);
    return ids.length;
  },

  /** Owner and operators always; anyone once the file is a published comment picture. */
  async read(
    id: string,
    viewer: { userId: number | null; operator: boolean },
  ): Promise<{ row: UploadRow; bytes: Buffer }> {
    const row = /^[0-9a-f]{32}$/.test(id) ? await uploads.find(id) : undefined;
    if (!row || !(viewer.operator || row.public || row.userId === viewer.userId)) throw notFound();
    return { row, bytes: await storage.read(row.id) };
  },
});

export type UploadsService = ReturnType<typeof createUploadsService>;
