import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyError } from 'fastify';
import type { UploadResult } from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';
import { ResponseCode } from '@marketplace/shared/contracts';
import { loggable } from '../../plugins/app/errors';
import { sniffImageType } from './file-sniffer';
import type { StoredUpload, UploadStorage } from './upload-storage';
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

/** Unreferenced uploads removed per clean-up transaction, and objects removed at once within one. */
const CLEANUP_BATCH = 100;
const REMOVE_PARALLEL = 8;

interface Deps {
  uploads: UploadsRepository;
  storage: UploadStorage;
  /** Where a store failure is logged (its kind, code and first message line). */
  log: Pick<FastifyBaseLogger, 'error'>;
  quota?: UploadQuota;
  now?: () => Date;
}

export const createUploadsService = ({
  uploads,
  storage,
  log,
  quota = DEFAULT_UPLOAD_QUOTA,
  now = () => new Date(),
}: Deps) => {
  /** A store that fails or cannot be reached: logged, and "The system is busy" (503) in the envelope. */
  const unavailable = (operation: string, error: unknown) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    log.error({ error: { ...loggable(error as FastifyError), status }, operation }, 'upload storage failed');
    return new AppError(503, 'err.server', undefined, null, 503);
  };

  const removeFiles = async (ids: string[]) => {
    for (let i = 0; i < ids.length; i += REMOVE_PARALLEL) {
      const results = await Promise.allSettled(ids.slice(i, i + REMOVE_PARALLEL).map((id) => storage.remove(id)));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw unavailable('remove', failed.reason);
    }
  };

  return {
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
        await storage.put(id, bytes, mime);
      } catch (error) {
        await uploads.remove(id);
        // A put whose answer was lost may still have stored the object: nothing would ever remove it.
        storage.remove(id).catch(() => undefined);
        throw unavailable('put', error);
      }
      return { id, url: uploadUrl(id) };
    },

    /**
     * Removes uploads nothing refers to once the grace period is over, rows and bytes, a batch per
     * transaction: a batch's rows are deleted only once its bytes are gone, so a store that fails keeps the
     * rows (answer 503) and the next clean-up removes them and their objects.
     */
    async removeUnreferenced(): Promise<number> {
      const before = new Date(now().getTime() - quota.graceMs);
      let removed = 0;
      for (;;) {
        const ids = await uploads.deleteUnreferenced(before, CLEANUP_BATCH, removeFiles);
        removed += ids.length;
        if (ids.length < CLEANUP_BATCH) return removed;
      }
    },

    /** Owner and operators always; anyone once the file is a published comment picture. The bytes as a stream. */
    async read(
      id: string,
      viewer: { userId: number | null; operator: boolean },
    ): Promise<{ row: UploadRow; file: StoredUpload }> {
      const row = /^[0-9a-f]{32}$/.test(id) ? await uploads.find(id) : undefined;
      if (!row || !(viewer.operator || row.public || row.userId === viewer.userId)) throw notFound();
      let file: StoredUpload | undefined;
      try {
        file = await storage.get(row.id);
      } catch (error) {
        throw unavailable('get', error);
      }
      if (!file) throw notFound();
      return { row, file };
    },

    close: () => storage.close(),
  };
};

export type UploadsService = ReturnType<typeof createUploadsService>;
