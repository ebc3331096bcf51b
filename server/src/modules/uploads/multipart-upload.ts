import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, ResponseCode } from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';

/** Lets the routes of `app`'s scope take one multipart file (uploads; the seller centre's shop pictures). */
export const acceptUploads = (app: FastifyInstance) =>
  app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });

/**
 * The one file of a multipart body. A body the parser cannot read (no boundary, cut short, more parts
 * than the limits allow, a stream that breaks) is the client's mistake: 400 in the envelope, never a 500.
 */
export const readUpload = async (request: FastifyRequest): Promise<Buffer> => {
  const malformed = () => new AppError(ResponseCode.FAIL, 'err.invalidBody', undefined, null, 400);
  if (!request.isMultipart()) throw fail('err.upload.missing');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch {
    throw malformed();
  }
  if (!file || file.fieldname !== 'file') throw fail('err.upload.missing');
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail('err.upload.tooLarge');
    throw malformed();
  }
};
