import path from 'node:path';

/** One federated remote as the release tool sees it. */
export interface RemoteApp {
  /** Workspace folder and key in the deployment manifest, e.g. `mfe-wallet`. */
  folder: string;
  /** Federation container name, e.g. `mfe_wallet`. */
  name: string;
  /** i18next namespace the remote owns, e.g. `wallet`. */
  namespace: string;
}

export const REMOTE_FOLDERS = ['mfe-catalogue', 'mfe-orders', 'mfe-wallet', 'mfe-account'] as const;

export const remoteApp = (folder: string): RemoteApp => ({
  folder,
  name: folder.replace(/-/g, '_'),
  namespace: folder.replace(/^mfe-/, ''),
});

export const REMOTES: readonly RemoteApp[] = REMOTE_FOLDERS.map(remoteApp);

/** Where the release tool finds things; every path can be moved for tests and CI. */
export interface ReleaseContext {
  repoDir: string;
  deployDir: string;
}

export const defaultContext = (env: NodeJS.ProcessEnv = process.env): ReleaseContext => {
  const repoDir = path.resolve(__dirname, '../..');
  return { repoDir, deployDir: path.resolve(repoDir, env.DEPLOY_DIR ?? 'var/deploy') };
};
