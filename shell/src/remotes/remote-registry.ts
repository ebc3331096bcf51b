import type { RemoteModule } from '@marketplace/shared';
import { REMOTE_EXPOSE, type DeploymentManifest, type RemoteEntry } from '@marketplace/shared/contracts';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { addRemoteNamespace } from '../i18n/remote-namespaces';
import { lastGoodVersion } from './last-good-versions';

let liveRemotes: Record<string, RemoteEntry> = {};
const loading = new Map<string, Promise<LoadedRemote>>();

const toFederationRemote = (name: string, entry: string) => ({ name, entry });

let registered = false;

/** Remembers where every live remote is; the federation runtime learns it on the first remote load. */
export const setDeployment = (manifest: DeploymentManifest): void => {
  liveRemotes = manifest.remotes;
  registered = false;
};

const ensureRegistered = (): void => {
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

export interface LoadedRemote {
  module: RemoteModule;
  /** The version actually in use: the live one, or the last good one after a failure. */
  remote: RemoteEntry;
}

const importScreens = async (remote: RemoteEntry): Promise<LoadedRemote> => {
  const exposed = await loadRemote<{ default?: unknown }>(`${remote.name}/${REMOTE_EXPOSE.slice(2)}`);
  const candidate = exposed && 'default' in exposed ? exposed.default : exposed;
  if (!isRemoteModule(candidate)) throw new Error(`${remote.name} does not expose a screens module`);
  await addRemoteNamespace(candidate);
  return { module: candidate, remote };
};

/**
 * Loads the live version; when that fails and an earlier version rendered here before, that one
 * is used instead so a broken deploy does not take the area down.
 */
const loadWithFallback = async (remoteKey: string): Promise<LoadedRemote> => {
  const remote = liveRemotes[remoteKey];
  if (!remote) throw new Error(`No deployed remote ${remoteKey}`);
  ensureRegistered();
  try {
    return await importScreens(remote);
  } catch (liveError) {
    const previous = lastGoodVersion(remoteKey);
    if (!previous || previous.entry === remote.entry) throw liveError;
    registerRemotes([toFederationRemote(remote.name, previous.entry)], { force: true });
    return importScreens({ ...remote, ...previous });
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

/** Forgets a failed load so the next attempt downloads the live version again. */
export const forgetRemoteModule = (remoteKey: string): void => {
  loading.delete(remoteKey);
  const remote = liveRemotes[remoteKey];
  if (remote) registerRemotes([toFederationRemote(remote.name, remote.entry)], { force: true });
};
