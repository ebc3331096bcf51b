import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyError } from 'fastify';
import type { UploadResult } from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';
import { ResponseCode } from '@marketplace/shared/contracts';
import { loggable } from '../../plugins/app/errors';
import PQueue from 'p-queue';
import { sniffImageType } from './file-sniffer';
import {
  pictureStep,
  resizePicture,
  RESIZABLE,
  variantFormat,
  variantName,
  variantNames,
  type PictureWidth,
  type VariantFormat,
} from './picture-variants';
import type { StoredUpload, UploadStorage } from './upload-storage';
import type { UploadRow, UploadsRepository } from './uploads.repository';

export const uploadUrl = (id: string) => `/api/upload/${id}`;

/** Same answer for "does not exist" and "not yours": ids cannot be probed. */
const notFound = () => new AppError(ResponseCode.FAIL, 'err.upload.notFound', undefined, null, 404);

interface UploadQuota {
  /** Files per shopper per hour. */
  maxCount: number;
  /** Bytes per shopper per hour. */
  maxBytes: number;
  /** How long an upload nothing refers to is kept (a form still being filled in). */
  graceMs: number;
}

const DEFAULT_UPLOAD_QUOTA: UploadQuota = { maxCount: 60, maxBytes: 100 * 1024 * 1024, graceMs: 24 * 3_600_000 };

/** Unreferenced uploads removed per clean-up transaction, and objects removed at once within one. */
const CLEANUP_BATCH = 100;
const REMOVE_PARALLEL = 8;
/** Pictures resized at once per process (each decodes a picture of up to 5 MB in memory). */
const RESIZE_PARALLEL = 2;

/** A picture as `GET /api/upload/:id?w=` answers it: a stored variant, a fresh one, or the original. */
interface ServedPicture {
  row: UploadRow;
  body: StoredUpload['body'] | Buffer;
  contentLength?: number;
  contentType: string;
  /** The variant's width and format; undefined: the original, as stored. */
  variant?: { width: PictureWidth; format: VariantFormat };
}

const readAll = async (body: StoredUpload['body']): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

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

  /** The uploads and their resized variants (most were never made: removing a missing name is a no-op). */
  const removeFiles = async (ids: string[]) => {
    const names = ids.flatMap((id) => [id, ...variantNames(id)]);
    for (let i = 0; i < names.length; i += REMOVE_PARALLEL) {
      const results = await Promise.allSettled(names.slice(i, i + REMOVE_PARALLEL).map((name) => storage.remove(name)));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw unavailable('remove', failed.reason);
    }
  };

  /** Same answer for "does not exist" and "not yours". */
  const authorize = async (id: string, viewer: { userId: number | null; operator: boolean }): Promise<UploadRow> => {
    const row = /^[0-9a-f]{32}$/.test(id) ? await uploads.find(id) : undefined;
    if (!row || !(viewer.operator || row.public || row.userId === viewer.userId)) throw notFound();
    return row;
  };

  const getStored = async (name: string): Promise<StoredUpload | undefined> => {
    try {
      return await storage.get(name);
    } catch (error) {
      throw unavailable('get', error);
    }
  };

  const resizing = new PQueue({ concurrency: RESIZE_PARALLEL });
  /** Variants being made, by name: parallel requests for one wait for the same work. */
  const making = new Map<string, Promise<Buffer | null>>();

  /**
   * Makes the variant from the original and keeps it next to it. Null: the original is served (no wider
   * than asked, or bytes that do not decode as a picture, which are served as they are like any upload).
   */
  const makeVariant = (row: UploadRow, width: PictureWidth, format: VariantFormat, original: Buffer) =>
    resizing.add(async () => {
      let bytes: Buffer | null;
      try {
        bytes = await resizePicture(original, width, format);
      } catch {
        return null;
      }
      if (!bytes) return null;
      // Kept for the next request; a failed or lost put (another process stored it first) only costs a resize.
      await storage.put(variantName(row.id, width, format), bytes, `image/${format}`).catch(() => undefined);
      return bytes;
    }) as Promise<Buffer | null>;

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
      const row = await authorize(id, viewer);
      const file = await getStored(row.id);
      if (!file) throw notFound();
      return { row, file };
    },

    /**
     * The picture at most about `width` pixels wide (`?w=`, snapped to PICTURE_WIDTHS), to the same
     * viewers as `read`. JPEG, PNG and WebP pictures wider than the step are resized to WebP (JPEG for a
     * browser without it) once and kept in the store next to the original; other pictures (GIF) and
     * narrower ones are the original.
     */
    async readPicture(
      id: string,
      viewer: { userId: number | null; operator: boolean },
      width: number,
      accept: string | undefined,
    ): Promise<ServedPicture> {
      const row = await authorize(id, viewer);
      const step = pictureStep(width);
      const format = variantFormat(accept);
      const name = variantName(row.id, step, format);
      if (RESIZABLE.has(row.mime as never)) {
        const kept = await getStored(name);
        if (kept) {
          return {
            row,
            body: kept.body,
            ...(kept.contentLength === undefined ? {} : { contentLength: kept.contentLength }),
            contentType: `image/${format}`,
            variant: { width: step, format },
          };
        }
      }
      const file = await getStored(row.id);
      if (!file) throw notFound();
      if (!RESIZABLE.has(row.mime as never)) {
        return { row, body: file.body, contentLength: file.contentLength ?? row.size, contentType: row.mime };
      }
      const original = await readAll(file.body).catch((error: unknown) => {
        throw unavailable('get', error);
      });
      let made = making.get(name);
      if (!made) {
        made = makeVariant(row, step, format, original).finally(() => making.delete(name));
        making.set(name, made);
      }
      const bytes = await made;
      if (!bytes) return { row, body: original, contentLength: original.length, contentType: row.mime };
      return {
        row,
        body: bytes,
        contentLength: bytes.length,
        contentType: `image/${format}`,
        variant: { width: step, format },
      };
    },

    close: () => storage.close(),
  };
};

export type UploadsService = ReturnType<typeof createUploadsService>;
