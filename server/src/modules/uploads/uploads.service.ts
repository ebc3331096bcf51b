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

export const createUploadsService = ({ uploads, storage }: { uploads: UploadsRepository; storage: UploadStorage }) => ({
  async store(userId: number, bytes: Buffer): Promise<UploadResult> {
    if (bytes.length === 0) throw fail('err.upload.missing');
    const mime = sniffImageType(bytes);
    if (!mime) throw fail('err.upload.type');
    const id = randomBytes(16).toString('hex');
    await storage.save(id, bytes);
    await uploads.insert({ id, userId, mime, size: bytes.length });
    return { id, url: uploadUrl(id) };
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
