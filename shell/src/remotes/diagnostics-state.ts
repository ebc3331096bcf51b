import type { DeploymentManifest } from '@marketplace/shared/contracts';

/** Where this page's deployment manifest came from. */
interface ManifestReport {
  source: 'network' | 'stored';
  updatedAt: string;
  /** Why the network copy could not be used, when the stored one was. */
  error?: string;
}

export interface RemoteReport {
  /** Version the manifest names for this browser. */
  liveVersion: string;
  /** Version whose screens this page runs, once loaded. */
  loadedVersion?: string;
  /** Set when the live version failed and the last good one was used instead. */
  fallback?: { fromVersion: string; toVersion: string; error: string };
}

interface Diagnostics {
  manifest: ManifestReport | null;
  remotes: Record<string, RemoteReport>;
}

let state: Diagnostics = { manifest: null, remotes: {} };
const listeners = new Set<() => void>();

const update = (next: Diagnostics) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export const subscribeDiagnostics = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getDiagnostics = (): Diagnostics => state;

export const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);

export const reportManifest = (report: ManifestReport): void => update({ ...state, manifest: report });

/** Every remote the manifest names, with nothing loaded yet. */
export const reportDeployment = (manifest: DeploymentManifest): void =>
  update({
    ...state,
    remotes: Object.fromEntries(
      Object.entries(manifest.remotes).map(([key, remote]) => [key, { liveVersion: remote.version }]),
    ),
  });

const patchRemote = (remoteKey: string, patch: Partial<RemoteReport>) => {
  const current = state.remotes[remoteKey] ?? { liveVersion: '' };
  update({ ...state, remotes: { ...state.remotes, [remoteKey]: { ...current, ...patch } } });
};

export const reportLoaded = (remoteKey: string, version: string): void =>
  patchRemote(remoteKey, { loadedVersion: version });

export const reportFallback = (remoteKey: string, fromVersion: string, toVersion: string, error: unknown): void => {
  const text = errorText(error);
  console.warn(`Remote ${remoteKey} ${fromVersion} failed (${text}); using the last good version ${toVersion}`);
  patchRemote(remoteKey, { fallback: { fromVersion, toVersion, error: text } });
};

/** Tests only: a clean slate. */
export const resetDiagnostics = (): void => update({ manifest: null, remotes: {} });
