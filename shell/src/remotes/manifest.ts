import {
  DEPLOYMENT_MANIFEST_PATH,
  deploymentManifestSchema,
  type DeploymentManifest,
} from '@marketplace/shared/contracts';

/** Fetched uncached at every start, so a promote or rollback is picked up by the next page load. */
export const fetchDeploymentManifest = async (): Promise<DeploymentManifest> => {
  const response = await fetch(new URL(DEPLOYMENT_MANIFEST_PATH, window.location.href), { cache: 'no-store' });
  if (!response.ok) throw new Error(`Deployment manifest: HTTP ${response.status}`);
  return deploymentManifestSchema.parse(await response.json());
};
