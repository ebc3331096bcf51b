import { s3Connection, type S3Connection } from '../../modules/uploads/s3-config';

/** The deployment store in an S3-compatible bucket (`DEPLOY_STORE_URL=s3://bucket/prefix` and the `S3_*` variables). */
export interface DeployStoreConfig {
  bucket: string;
  /** Key prefix without leading or trailing slash; empty for the bucket's root. */
  prefix: string;
  connection: S3Connection;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `DEPLOY_STORE_URL` as the release CLI reads it (`s3://bucket/prefix`), else undefined: the remotes and
 * the manifest are files in DEPLOY_DIR. A URL that is not one stops the start.
 */
export const deployStoreConfig = (env: NodeJS.ProcessEnv): DeployStoreConfig | undefined => {
  const url = env.DEPLOY_STORE_URL?.trim();
  if (!url) return undefined;
  const match = /^s3:\/\/([^/?#]+)(\/[^?#]*)?$/i.exec(url);
  const bucket = match?.[1];
  const segments = (match?.[2] ?? '').split('/').filter(Boolean);
  if (!bucket || !BUCKET_NAME.test(bucket) || segments.some((segment) => segment.startsWith('.'))) {
    throw new Error(`DEPLOY_STORE_URL is not an s3://bucket/prefix URL: ${url}`);
  }
  return { bucket, prefix: segments.join('/'), connection: s3Connection(env) };
};

/**
 * `ASSET_BASE_URL`: the CDN the browsers load the remotes from (`https://cdn.example.com`, optionally with a
 * path), without a trailing slash; undefined = this server's origin. Anything but an http(s) URL stops the start.
 */
export const assetBaseUrl = (env: NodeJS.ProcessEnv): string | undefined => {
  const value = env.ASSET_BASE_URL?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`ASSET_BASE_URL is not a URL: ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(`ASSET_BASE_URL must be an http(s) URL without query, fragment or credentials: ${value}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
};
