import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../modules/uploads/s3-client';
import type { DeployStoreConfig } from './deploy-store-config';

/** One stored object, streamed. */
export interface DeployObject {
  body: Readable;
  contentLength?: number;
  contentType?: string;
  etag?: string;
  lastModified?: Date;
}

/** Reads the deployment store's objects by their path below the store (`manifest.json`, `<remote>/<version>/…`). */
export interface DeployObjectReader {
  readonly description: string;
  /** The object; null when there is none; 'not-modified' when its ETag is `ifNoneMatch`. */
  get(file: string, ifNoneMatch?: string): Promise<DeployObject | 'not-modified' | null>;
  close(): void;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** The S3 reader the server uses for `/mfe/` (AWS SDK v3; bounded waits, as for uploads). */
export const createS3DeployReader = (config: DeployStoreConfig): DeployObjectReader => {
  const { connection } = config;
  const client = createS3Client(connection);
  const Bucket = config.bucket;
  const key = (file: string) => (config.prefix ? `${config.prefix}/${file}` : file);
  return {
    description: `s3://${Bucket}${config.prefix ? `/${config.prefix}` : ''}`,
    async get(file, ifNoneMatch) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key(file), ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }),
        );
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          ...(object.ContentLength === undefined ? {} : { contentLength: object.ContentLength }),
          ...(object.ContentType ? { contentType: object.ContentType } : {}),
          ...(object.ETag ? { etag: object.ETag } : {}),
          ...(object.LastModified ? { lastModified: object.LastModified } : {}),
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) return 'not-modified';
        if (status === 404 || (error as { name?: unknown }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
};
