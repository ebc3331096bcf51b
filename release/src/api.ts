/**
 * The release tool for another program: the operator console's release page (docs/decisions/0002-operator-accounts.md) runs the
 * very command functions the CLI runs (commands/*: promote, rollback, canary, the shell's promote and
 * rollback) on the store the CLI opens, and shows their refusals as the CLI prints them. This module only
 * re-exports them and reads the store the way `status` does; it changes nothing of the CLI.
 */
import { sortedVersions, type CommandContext } from './commands/command-context';
import { ContractError } from './contract-check';
import { ReleaseError } from './errors';
import { ArtifactError } from './inspect-version';
import { subjectsBetween } from './git-info';
import { REMOTE_FOLDERS } from './remotes';
import {
  CONSOLE_UNIT,
  SELLER_UNIT,
  SHELL_FOLDER,
  StoreBusyError,
  VersionConflictError,
  type AuditEntry,
  type DeploymentStore,
} from './store/deployment-store';
import { LocalDeploymentStore } from './store/local-store';
import type { S3Connection } from './store/s3-connection';
import type { S3StoreAddress } from './store/s3-store';

export { canary } from './commands/canary';
export { commandContext, type CommandContext } from './commands/command-context';
export { consoleCommands } from './commands/console';
export { sellerCommands } from './commands/seller';
export { promote } from './commands/promote';
export { rollback } from './commands/rollback';
export { promoteShell, rollbackShell } from './commands/shell';
export { isConsole, isSeller, isShell, REMOTE_FOLDERS, resolveUnit, type RemoteApp } from './remotes';
export { SHELL_FOLDER, type DeploymentStore } from './store/deployment-store';
export { s3ConnectionFromEnv, type S3Connection } from './store/s3-connection';

/**
 * The store the server serves `/mfe/` from: the S3-compatible one when configured (the same
 * `DEPLOY_STORE_URL` and `S3_*` variables as the CLI), else the local folder (DEPLOY_DIR). The AWS SDK loads
 * only for an S3 store, as in open-store.ts.
 */
export const openDeploymentStore = async ({
  deployDir,
  s3,
}: {
  deployDir: string;
  s3?: S3StoreAddress & { connection: S3Connection };
}): Promise<DeploymentStore> => {
  if (!s3) return new LocalDeploymentStore(deployDir);
  const { S3DeploymentStore } = await import('./store/s3-store');
  return new S3DeploymentStore({ address: { bucket: s3.bucket, prefix: s3.prefix }, connection: s3.connection });
};

/** The refusals the CLI prints as `release: <message>` (cli.ts, KNOWN_ERRORS); anything else is a fault. */
const REFUSALS = [ArtifactError, VersionConflictError, ContractError, ReleaseError, StoreBusyError];

/** The CLI's words for a refusal (without its `release: ` prefix), or null when the error is no refusal. */
export const refusalOf = (error: unknown): string | null =>
  REFUSALS.some((type) => error instanceof type) ? (error as Error).message : null;

/** One deployable unit (a remote or the shell) as `status` shows it, as data. */
interface UnitOverview {
  unit: string;
  /** The live version; null: none (for the shell, the server's embedded build). */
  live: string | null;
  canary: { version: string; percent: number } | null;
  /** The version a plain rollback goes back to (the last one live before the current), or null. */
  previous: string | null;
  /** Earlier live versions, oldest first, as the release history keeps them. */
  history: string[];
  /** Every deployed version, oldest first, with when it was deployed. */
  deployed: {
    version: string;
    deployedAt: string | null;
    forced: boolean;
    /** The commit the version was built from (deploy.json), or null. */
    commit: string | null;
    /** The subjects of the commits it brings over the live version, newest first; null when git cannot tell. */
    changes: string[] | null;
  }[];
}

interface ReleaseOverview {
  location: string;
  manifestUpdatedAt: string | null;
  units: UnitOverview[];
  /** The latest audit entries, newest first; `total` counts them all. */
  audit: AuditEntry[];
  total: number;
}

/** What `status` prints, read from the store the same way, for a page to lay out. */
export const overview = async (
  ctx: CommandContext,
  { limit = 50 }: { limit?: number } = {},
): Promise<ReleaseOverview> => {
  const [manifest, history, audit, stored, shell, consoleLive, sellerLive] = await Promise.all([
    ctx.store.readManifest(),
    ctx.store.readHistory(),
    ctx.store.readAudit(),
    ctx.store.listRemotes(),
    ctx.store.readLiveShell(),
    ctx.store.readLive(CONSOLE_UNIT),
    ctx.store.readLive(SELLER_UNIT),
  ]);
  const staticLive: Record<string, string | null> = {
    [SHELL_FOLDER]: shell?.version ?? null,
    [CONSOLE_UNIT.folder]: consoleLive?.version ?? null,
    [SELLER_UNIT.folder]: sellerLive?.version ?? null,
  };
  const known: string[] = [SHELL_FOLDER, ...REMOTE_FOLDERS, CONSOLE_UNIT.folder, SELLER_UNIT.folder];
  const folders = [
    ...known,
    ...[...stored, ...Object.keys(manifest?.remotes ?? {})].filter((f) => !known.includes(f)).sort(),
  ].filter((folder, index, all) => all.indexOf(folder) === index);
  const units = await Promise.all(
    folders.map(async (folder): Promise<UnitOverview> => {
      const isStatic = folder in staticLive;
      const entry = isStatic ? undefined : manifest?.remotes[folder];
      const live = isStatic ? (staticLive[folder] ?? null) : (entry?.version ?? null);
      const earlier = history.previous[folder] ?? [];
      const versions = await sortedVersions(ctx.store, folder);
      const infos = await Promise.all(versions.map((version) => ctx.store.readDeployInfo(folder, version)));
      const liveCommit = infos[versions.indexOf(live ?? '')]?.gitCommit ?? null;
      const deployed = await Promise.all(
        versions.map(async (version, index) => {
          const info = infos[index];
          const commit = info?.gitCommit ?? null;
          return {
            version,
            deployedAt: info?.deployedAt ?? null,
            forced: Boolean(info?.forcedProblems?.length),
            commit,
            changes:
              commit && liveCommit && version !== live
                ? await subjectsBetween(ctx.context.repoDir, liveCommit, commit)
                : null,
          };
        }),
      );
      return {
        unit: folder,
        live,
        canary: entry?.canary ? { version: entry.canary.version, percent: entry.canary.percent } : null,
        previous: earlier.filter((version) => version !== live).at(-1) ?? null,
        history: earlier,
        deployed,
      };
    }),
  );
  return {
    location: ctx.store.location,
    manifestUpdatedAt: manifest?.updatedAt ?? null,
    units,
    audit: audit.slice(-limit).reverse(),
    total: audit.length,
  };
};
