import type { RemoteModule } from '@marketplace/shared';
import { REMOTE_EXPOSE, type DeploymentManifest, type RemoteEntry } from '@marketplace/shared/contracts/core';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { addRemoteNamespace } from '../i18n/remote-namespaces';
import { retryPlugin } from '../runtime-plugins/retry-plugin';
import { reportDeployment, reportFallback, reportLoaded } from './diagnostics-state';
import { lastGoodVersion } from './last-good-versions';
import { note } from '../telemetry/hooks';
import { startTelemetry } from '../telemetry/start';

let liveRemotes: Record<string, RemoteEntry> = {};
const loading = new Map<string, Promise<LoadedRemote>>();
/** What each remote's screens came from, once loaded. */
const loaded = new Map<string, LoadedRemote>();
/** Remotes whose live version threw while rendering its first screen: they load the last good version. */
const renderFailures = new Map<string, unknown>();

const toFederationRemote = (name: string, entry: string) => ({ name, entry });

let registered = false;
let pluginsRegistered = false;

/** Per remote, how many times its live version changed while this page was open (followDeployment). */
const generations = new Map<string, number>();
const generationListeners = new Set<() => void>();

/** Remembers where every live remote is; the federation runtime learns it on the first remote load. */
export const setDeployment = (manifest: DeploymentManifest): void => {
  liveRemotes = manifest.remotes;
  registered = false;
  reportDeployment(manifest);
  startTelemetry();
};

/** How many times `remoteKey`'s live version changed since the page loaded (0 at first). */
export const deploymentGeneration = (remoteKey: string): number => generations.get(remoteKey) ?? 0;

/**
 * Called whenever a remote's generation moves on (for useSyncExternalStore).
 * @public used by remote-registry.test.ts through jest.requireActual, which knip does not follow
 */
export const onDeploymentChange = (listener: () => void): (() => void) => {
  generationListeners.add(listener);
  return () => generationListeners.delete(listener);
};

/**
 * A newer deployment manifest while the page is open (a rollback, a revoked or promoted version): every
 * remote whose entry changed is forgotten, so the next time the shopper enters it the version now live
 * loads, without a reload; screens already drawn stay as they are until then. Returns the changed keys.
 */
export const followDeployment = (manifest: DeploymentManifest): string[] => {
  const changed = Object.keys(manifest.remotes).filter(
    (key) => liveRemotes[key] !== undefined && liveRemotes[key]?.entry !== manifest.remotes[key]?.entry,
  );
  liveRemotes = manifest.remotes;
  reportDeployment(manifest);
  if (changed.length === 0) return changed;
  for (const key of changed) {
    loading.delete(key);
    loaded.delete(key);
    renderFailures.delete(key);
    generations.set(key, deploymentGeneration(key) + 1);
  }
  if (registered) {
    registerRemotes(
      changed.map((key) => toFederationRemote(manifest.remotes[key]!.name, manifest.remotes[key]!.entry)),
      { force: true },
    );
  }
  for (const listener of generationListeners) listener();
  return changed;
};

const ensureRegistered = (): void => {
  if (!pluginsRegistered) {
    registerPlugins([retryPlugin()]);
    pluginsRegistered = true;
  }
  if (registered) return;
  registerRemotes(
    Object.values(liveRemotes).map((remote) => toFederationRemote(remote.name, remote.entry)),
    { force: true },
  );
  registered = true;
};

const isRemoteModule = (value: unknown): value is RemoteModule =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RemoteModule).namespace === 'string' &&
  typeof (value as RemoteModule).loadMessages === 'function' &&
  typeof (value as RemoteModule).screens === 'object';

interface LoadedRemote {
  module: RemoteModule;
  /** The version actually in use: the live one, or the last good one after a failure. */
  remote: RemoteEntry;
}

const importScreens = async (remoteKey: string, remote: RemoteEntry): Promise<LoadedRemote> => {
  note('session', remoteKey, remote.version);
  let candidate: unknown;
  try {
    const exposed = await loadRemote<{ default?: unknown }>(`${remote.name}/${REMOTE_EXPOSE.slice(2)}`);
    candidate = exposed && 'default' in exposed ? exposed.default : exposed;
  } catch (error) {
    note('load', remoteKey, remote.version);
    throw error;
  }
  if (!isRemoteModule(candidate)) throw new Error(`${remote.name} ${remote.version} does not expose a screens module`);
  await addRemoteNamespace(candidate);
  const result = { module: candidate, remote };
  loaded.set(remoteKey, result);
  reportLoaded(remoteKey, remote.version);
  return result;
};

/** The last good version when it differs from the live one: the only case where falling back helps. */
const fallbackFor = (remoteKey: string, remote: RemoteEntry): RemoteEntry | null => {
  const previous = lastGoodVersion(remoteKey);
  return previous && previous.entry !== remote.entry ? { ...remote, ...previous } : null;
};

const switchToVersion = (remoteKey: string, live: RemoteEntry, fallback: RemoteEntry, error: unknown) => {
  reportFallback(remoteKey, live.version, fallback.version, error);
  registerRemotes([toFederationRemote(fallback.name, fallback.entry)], { force: true });
  return importScreens(remoteKey, fallback);
};

/**
 * Loads the live version; when that fails (or threw while rendering its first screen) and an
 * earlier version rendered here before, that one is used instead so a broken deploy does not take
 * the area down.
 */
const loadWithFallback = async (remoteKey: string): Promise<LoadedRemote> => {
  const remote = liveRemotes[remoteKey];
  if (!remote) throw new Error(`No deployed remote ${remoteKey}`);
  ensureRegistered();
  const fallback = fallbackFor(remoteKey, remote);
  if (fallback && renderFailures.has(remoteKey)) {
    return switchToVersion(remoteKey, remote, fallback, renderFailures.get(remoteKey));
  }
  try {
    return await importScreens(remoteKey, remote);
  } catch (liveError) {
    if (!fallback) throw liveError;
    return switchToVersion(remoteKey, remote, fallback, liveError);
  }
};

/** One download per remote, shared by all its routes. */
export const loadRemoteModule = (remoteKey: string): Promise<LoadedRemote> => {
  let pending = loading.get(remoteKey);
  if (!pending) {
    pending = loadWithFallback(remoteKey);
    loading.set(remoteKey, pending);
  }
  return pending;
};

/**
 * A screen of a remote threw while rendering. When that remote runs a version that has not
 * rendered here before and an earlier one has, the next load uses the earlier one: returns true
 * and the caller remounts the area. Otherwise the area shows its error panel.
 */
export const fallBackAfterRenderError = (remoteKey: string, error: unknown): boolean => {
  const current = loaded.get(remoteKey);
  const previous = lastGoodVersion(remoteKey);
  if (!current || !previous || previous.entry === current.remote.entry || renderFailures.has(remoteKey)) return false;
  renderFailures.set(remoteKey, error);
  loading.delete(remoteKey);
  loaded.delete(remoteKey);
  return true;
};

/** Forgets a failed load so the next attempt (Retry) downloads the live version again. */
export const forgetRemoteModule = (remoteKey: string): void => {
  loading.delete(remoteKey);
  loaded.delete(remoteKey);
  renderFailures.delete(remoteKey);
  const remote = liveRemotes[remoteKey];
  if (remote) registerRemotes([toFederationRemote(remote.name, remote.entry)], { force: true });
};
