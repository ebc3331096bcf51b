import {
  DEPLOYMENT_MANIFEST_PATH,
  readDeploymentManifest,
  type DeploymentManifest,
} from '@marketplace/shared/contracts/core';
import { DEFAULT_RETRY, fetchWithRetry, type RetryOptions } from '../runtime-plugins/retry-plugin';
import { errorText, reportManifest } from './diagnostics-state';

const STORAGE_KEY = 'deploymentManifest';

const storedManifest = (): DeploymentManifest | null => {
  try {
    return readDeploymentManifest(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return null;
  }
};

/** Keeps `manifest` as the offline fallback of the next start. */
export const storeManifest = (manifest: DeploymentManifest): void => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(manifest));
  } catch {
    // A full or disabled storage only loses the offline fallback.
  }
};

const fetchFromNetwork = async (retry: RetryOptions, early?: Promise<Response>): Promise<DeploymentManifest> => {
  // The start-up request (preloaded by index.html) when it answered; otherwise a fresh one with retries.
  const first = early ? await early.catch(() => null) : null;
  const response =
    first?.ok === true
      ? first
      : await fetchWithRetry(new URL(DEPLOYMENT_MANIFEST_PATH, window.location.href), { cache: 'no-store' }, retry);
  if (!response.ok) throw new Error(`Deployment manifest: HTTP ${response.status}`);
  const manifest = readDeploymentManifest(await response.json());
  if (!manifest) throw new Error('Deployment manifest: not a valid manifest');
  return manifest;
};

/**
 * Fetched uncached at every start, so a promote or rollback is picked up by the next page load.
 * When it cannot be fetched, the last manifest that worked in this browser is used instead.
 */
export const fetchDeploymentManifest = async (
  retry: RetryOptions = DEFAULT_RETRY,
  early?: Promise<Response>,
): Promise<DeploymentManifest> => {
  try {
    const manifest = await fetchFromNetwork(retry, early);
    storeManifest(manifest);
    reportManifest({ source: 'network', updatedAt: manifest.updatedAt });
    return manifest;
  } catch (error) {
    const stored = storedManifest();
    if (!stored) throw error;
    console.warn('Deployment manifest could not be fetched; using the last one that worked', error);
    reportManifest({ source: 'stored', updatedAt: stored.updatedAt, error: errorText(error) });
    return stored;
  }
};
