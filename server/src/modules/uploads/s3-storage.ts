import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { createS3Client } from './s3-client';
import type { S3StorageConfig } from './s3-config';
import type { UploadStorage } from './upload-storage';

/**
 * Uploads as objects named by their id in one bucket of an S3-compatible store (AWS SDK v3), so every API
 * process reads what any of them stored. Bounded waits: a store that does not answer fails the request
 * (503) within seconds instead of holding it.
 */
export const createS3Storage = (config: S3StorageConfig): UploadStorage => {
  const client = createS3Client(config);
  const Bucket = config.bucket;
  return {
    description: `S3 bucket ${Bucket} at ${config.endpoint}`,
    async put(Key, Body, ContentType) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType, ContentLength: Body.length }));
    },
    async get(Key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) return undefined;
        return {
          body: object.Body as Readable,
          ...(object.ContentLength === undefined ? {} : { contentLength: object.ContentLength }),
          ...(object.ContentType ? { contentType: object.ContentType } : {}),
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: unknown }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async remove(Key) {
      // S3 answers 204 for a key that is not there.
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    // Readiness: the store answers over HTTP (a probe object's HEAD; missing, 404, or not ours to list, 403,
    // both mean it answers). A refused connection, a timeout or a 5xx is down.
    ping: () =>
      client
        .send(new HeadObjectCommand({ Bucket, Key: '.ready-probe' }), { abortSignal: AbortSignal.timeout(2_000) })
        .then(
          () => true,
          (error: { $metadata?: { httpStatusCode?: number } }) => {
            const status = error.$metadata?.httpStatusCode;
            return status !== undefined && status < 500;
          },
        ),
    close: async () => client.destroy(),
  };
};
