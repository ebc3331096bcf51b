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

const flag = (value: string | undefined): boolean | undefined => {
  const text = value?.trim().toLowerCase();
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  return undefined;
};

/** How to reach an S3-compatible store from the `S3_*` variables: the uploads' bucket and the deployment store. */
export type S3Connection = Omit<S3StorageConfig, 'endpoint' | 'bucket'> & {
  /** Unset: AWS's own endpoint for the region (the deployment store only; uploads need S3_ENDPOINT). */
  endpoint?: string;
};

/** `S3_ENDPOINT` (optional here), `S3_REGION`, `S3_FORCE_PATH_STYLE`, `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY`. */
export const s3Connection = (env: NodeJS.ProcessEnv): S3Connection => {
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  let host = '';
  if (endpoint) {
    try {
      host = new URL(endpoint).hostname;
    } catch {
      throw new Error(`S3_ENDPOINT is not a URL: ${endpoint}`);
    }
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  return {
    ...(endpoint ? { endpoint } : {}),
    region: env.S3_REGION?.trim() || 'us-east-1',
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE) ?? (endpoint ? !/(^|\.)amazonaws\.com(\.cn)?$/.test(host) : false),
    ...(accessKeyId ? { accessKeyId, secretAccessKey } : {}),
  };
};

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
  return { ...s3Connection(env), endpoint, bucket };
};
