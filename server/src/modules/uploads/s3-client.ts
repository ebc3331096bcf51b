import { S3Client } from '@aws-sdk/client-s3';
import type { S3Connection } from './s3-config';

/**
 * A client of the S3-compatible store `connection` reaches (AWS SDK v3), for uploads and the deployment
 * store alike. Bounded waits: a store that does not answer fails the request within seconds.
 */
export const createS3Client = (connection: S3Connection): S3Client =>
  new S3Client({
    ...(connection.endpoint ? { endpoint: connection.endpoint } : {}),
    region: connection.region,
    forcePathStyle: connection.forcePathStyle,
    // Unset: the SDK's default chain (AWS_* variables, shared files, instance role).
    ...(connection.accessKeyId
      ? { credentials: { accessKeyId: connection.accessKeyId, secretAccessKey: connection.secretAccessKey ?? '' } }
      : {}),
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    // Checksums only where the API requires them: many S3-compatible servers refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
