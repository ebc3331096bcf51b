import { s3ConnectionFromEnv, type S3Connection } from '@marketplace/release/src/api';

/** An S3-compatible object store for uploads (`S3_*` variables). */
export interface S3StorageConfig {
  /** `S3_ENDPOINT`, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`. */
  endpoint: string;
  /** `S3_BUCKET`: an existing bucket; objects are named by the uploads' ids. */
  bucket: string;
  /** `S3_REGION`, default `us-east-1`. */
  region: string;
  /** `S3_FORCE_PATH_STYLE` (`1`/`0`): default on, except for AWS's own `*.amazonaws.com` hosts. */
  forcePathStyle: boolean;
  /** `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY`; unset = the AWS SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * How to reach an S3-compatible store from the `S3_*` variables (`S3_ENDPOINT` optional here, `S3_REGION`,
 * `S3_FORCE_PATH_STYLE`, `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY`): the uploads' bucket and the deployment
 * store read them the same way, so the release tool's reader serves both.
 */
export { s3ConnectionFromEnv as s3Connection, type S3Connection };

/**
 * The object store when S3_ENDPOINT and S3_BUCKET are set, else undefined (files in DATA_DIR). A half
 * configuration stops the start: processes that silently fell back to their own disk could not read
 * each other's uploads. S3_ENDPOINT alone is whole when it serves the deployment store (DEPLOY_STORE_URL).
 */
export const s3StorageConfig = (env: NodeJS.ProcessEnv): S3StorageConfig | undefined => {
  const endpoint = env.S3_ENDPOINT?.trim();
  const bucket = env.S3_BUCKET?.trim();
  if (!endpoint && !bucket) return undefined;
  if (endpoint && !bucket && env.DEPLOY_STORE_URL?.trim()) return undefined;
  if (!endpoint || !bucket) throw new Error('S3_ENDPOINT and S3_BUCKET are set together (uploads in S3) or not at all');
  return { ...s3ConnectionFromEnv(env), endpoint, bucket };
};
