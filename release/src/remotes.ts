import path from 'node:path';
import { ReleaseError } from './errors';

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

/** The shell as a deployable unit: its versions live in the store's `shell/` folder. */
export const SHELL: RemoteApp = { folder: 'shell', name: 'shell', namespace: 'shell' };

export const isShell = (unit: RemoteApp): boolean => unit.folder === SHELL.folder;

/** The operator console (docs/decisions/0002-operator-accounts.md) as a deployable unit: its versions live in the store's `console/` folder. */
export const CONSOLE: RemoteApp = { folder: 'console', name: 'console', namespace: 'console' };

export const isConsole = (unit: RemoteApp): boolean => unit.folder === CONSOLE.folder;

/** The seller centre (docs/decisions/0011-seller-accounts.md) as a deployable unit: the store's `seller/` folder. */
export const SELLER: RemoteApp = { folder: 'seller', name: 'seller', namespace: 'seller' };

export const isSeller = (unit: RemoteApp): boolean => unit.folder === SELLER.folder;

/** A unit a command works on: `shell`, `console`, `seller`, or a remote named as `resolveRemote` takes it. */
export const resolveUnit = (name: string | undefined): RemoteApp =>
  name === 'shell' ? SHELL : name === 'console' ? CONSOLE : name === 'seller' ? SELLER : resolveRemote(name);

/** A remote named as a release manager would: `wallet`, `mfe-wallet` or `mfe_wallet`. */
export const resolveRemote = (name: string | undefined): RemoteApp => {
  const folder = name?.startsWith('mfe') ? name.replace(/_/g, '-') : `mfe-${name ?? ''}`;
  const remote = REMOTES.find((candidate) => candidate.folder === folder);
  if (!name || !remote) {
    throw new ReleaseError(
      `${name ? `Unknown remote "${name}"` : 'Name a remote'}; the remotes are ${REMOTE_FOLDERS.join(', ')} (and the shell: shell, the operator console: console, the seller centre: seller)`,
    );
  }
  return remote;
};

/** Where the release tool finds things; every path can be moved for tests and CI. */
export interface ReleaseContext {
  repoDir: string;
  deployDir: string;
  /** The live shell's build, whose `mf-manifest.json` says which shared versions it provides. */
  shellDir: string;
}

export const defaultContext = (env: NodeJS.ProcessEnv = process.env): ReleaseContext => {
  const checkout = path.resolve(__dirname, '../..');
  // Builds (`mfe-<x>/dist/`) may come from another checkout, e.g. a CI artifact or the bench.
  const repoDir = path.resolve(checkout, env.RELEASE_REPO_DIR ?? '.');
  return {
    repoDir,
    deployDir: path.resolve(checkout, env.DEPLOY_DIR ?? 'var/deploy'),
    shellDir: path.resolve(checkout, env.SHELL_DIR ?? 'shell/dist'),
  };
};
