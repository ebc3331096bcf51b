import { DEPLOYMENT_MANIFEST_PATH, readDeploymentManifest } from '@marketplace/shared/contracts/core';
import { hasUpdateWaiting, offerUpdate } from '../service-worker/update';
import { storeManifest } from './manifest';
import { followDeployment } from './remote-registry';

/**
 * How often an open, visible page asks whether its deployment changed: a rollback or a revoked version
 * reaches it within 30 s (docs/decisions/0003-independent-releases.md), the request included. An unchanged manifest answers 304 with no body.
 */
const DEPLOYMENT_CHECK_MS = 20_000;

/** The header naming the shell build now live, and the page's own (server/src/plugins/external/shell-page.ts). */
const SHELL_BUILD_HEADER = 'X-Shell-Build';
const pageShellBuild = () => document.querySelector<HTMLMetaElement>('meta[name="shell-build"]')?.content ?? null;

/**
 * Another shell build went live (a promote, a rollback or a rebuild in place): the new-version prompt,
 * applied at the next navigation (router.tsx) by loading the page again. A waiting service-worker version
 * offers its own (which reloads too).
 */
const followShell = (response: Response) => {
  const live = response.headers.get(SHELL_BUILD_HEADER);
  const own = pageShellBuild();
  if (!live || !own || live === own || hasUpdateWaiting()) return;
  offerUpdate(() => window.location.reload());
};

interface FollowOptions {
  everyMs?: number;
  /** Called with the remotes whose live version changed (after the registry has forgotten them). */
  onChange?: (remoteKeys: string[]) => void;
}

/**
 * Keeps an open page on the live deployment: every DEPLOYMENT_CHECK_MS while the page is visible, when
 * it becomes visible again and when the network returns, the manifest is asked for again with its
 * ETag; a changed one goes to the remote registry (followDeployment), so the next time the shopper
 * enters a remote that was rolled back the version now live loads, with no reload (the bag, the session
 * and forms in other remotes stay). When another shell build went live, the page offers to reload at
 * the next navigation. Returns a function that stops it.
 */
export const startFollowingDeployment = ({ everyMs = DEPLOYMENT_CHECK_MS, onChange }: FollowOptions = {}) => {
  let etag: string | null = null;
  let busy = false;
  const check = async () => {
    if (busy || document.visibilityState !== 'visible' || !navigator.onLine) return;
    busy = true;
    try {
      const response = await fetch(new URL(DEPLOYMENT_MANIFEST_PATH, window.location.href), {
        cache: 'no-store',
        headers: etag ? { 'If-None-Match': etag } : {},
      });
      followShell(response);
      if (response.status === 304 || !response.ok) return;
      const manifest = readDeploymentManifest(await response.json());
      if (!manifest) return;
      etag = response.headers.get('ETag');
      storeManifest(manifest);
      const changed = followDeployment(manifest);
      if (changed.length > 0) onChange?.(changed);
    } catch {
      // Offline or a server hiccup: the next check asks again.
    } finally {
      busy = false;
    }
  };
  const timer = window.setInterval(() => void check(), everyMs);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  const onOnline = () => void check();
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
  };
};
