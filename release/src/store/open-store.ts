import path from 'node:path';
import { ReleaseError } from '../errors';
import type { DeploymentStore } from './deployment-store';
import { LocalDeploymentStore } from './local-store';
import { s3ConnectionFromEnv } from './s3-connection';

/**
 * The deployment store a command works on: `s3://bucket/prefix` (`--store`, else `DEPLOY_STORE_URL`) is
 * an S3-compatible store reached with the `S3_*` variables; a folder path, or nothing, the local store
 * (`deployDir`: DEPLOY_DIR, default var/deploy). The AWS SDK loads only for an S3 store.
 */
export const openStore = async (
  url: string | undefined,
  deployDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DeploymentStore> => {
  const target = url?.trim();
  if (!target) return new LocalDeploymentStore(deployDir);
  if (/^s3:/i.test(target)) {
    const { S3DeploymentStore, parseS3StoreUrl } = await import('./s3-store');
    return new S3DeploymentStore({ address: parseS3StoreUrl(target), connection: s3ConnectionFromEnv(env) });
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    throw new ReleaseError(`unsupported deployment store: ${target} (expected s3://bucket/prefix or a folder)`);
  }
  return new LocalDeploymentStore(path.resolve(target));
};
