import { ReleaseError } from '../errors';

/**
 * How to reach an S3-compatible store from the `S3_*` variables; the server reads its uploads' store the
 * same way (it imports this through the release API).
 */
export interface S3Connection {
  /** `S3_ENDPOINT`; unset = AWS's endpoint for the region. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

const flag = (value: string | undefined): boolean | undefined => {
  const text = value?.trim().toLowerCase();
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  return undefined;
};

/** The connection from `S3_ENDPOINT`, `S3_REGION`, `S3_FORCE_PATH_STYLE`, `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY`. */
export const s3ConnectionFromEnv = (env: NodeJS.ProcessEnv): S3Connection => {
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  let host = '';
  if (endpoint) {
    try {
      host = new URL(endpoint).hostname;
    } catch {
      throw new ReleaseError(`S3_ENDPOINT is not a URL: ${endpoint}`);
    }
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (!accessKeyId !== !secretAccessKey) {
    throw new ReleaseError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  }
  return {
    ...(endpoint ? { endpoint } : {}),
    region: env.S3_REGION?.trim() || 'us-east-1',
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE) ?? (endpoint ? !/(^|\.)amazonaws\.com(\.cn)?$/.test(host) : false),
    ...(accessKeyId ? { accessKeyId, secretAccessKey } : {}),
  };
};
