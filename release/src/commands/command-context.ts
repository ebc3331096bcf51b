import { hostname, userInfo } from 'node:os';
import semver from 'semver';
import { routeMetaListSchema, type RemoteEntry, type StoredManifest } from '@marketplace/shared/contracts';
import {
  contractProblems,
  enforceContract,
  readShellFrom,
  readShellShared,
  sharedProblems,
  type ShellShared,
} from '../contract-check';
import { ReleaseError } from '../errors';
import { inspectVersion } from '../inspect-version';
import type { ReleaseContext, RemoteApp } from '../remotes';
import { linkMatchesRoute, parseSharedContract, SHARED_CONTRACT_FILE } from '../shared-contract';
import {
  SHELL_FOLDER,
  type AuditEntry,
  type AutoCanaryRecord,
  type DeployInfo,
  type DeploymentStore,
} from '../store/deployment-store';

/** Everything a release command needs; tests pass temp folders and a fixed clock. */
export interface CommandContext {
  context: ReleaseContext;
  store: DeploymentStore;
  /** URL the store is served at, e.g. `/mfe`. */
  mfeBaseUrl: string;
  env: NodeJS.ProcessEnv;
  who: string;
  host: string;
  now: () => Date;
  log: (line: string) => void;
  warn: (line: string) => void;
}

/** Who runs the command, for the audit log: `$USER`, else the account name. */
const currentUser = (env: NodeJS.ProcessEnv = process.env): string => {
  if (env.USER) return env.USER;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
};

export const commandContext = (
  partial: Pick<CommandContext, 'context' | 'store'> & Partial<CommandContext>,
): CommandContext => ({
  mfeBaseUrl: '/mfe',
  env: process.env,
  who: currentUser(partial.env),
  host: hostname(),
  now: () => new Date(),
  log: console.log,
  warn: console.error,
  ...partial,
});

type StoredRemote = StoredManifest['remotes'][string];

/** What a remote serves, for messages and the audit log: `1.0.0` or `1.0.0 + canary 2.0.0 at 50%`. */
export const describeServing = (entry: StoredRemote | undefined): string | null => {
  if (!entry) return null;
  return entry.canary ? `${entry.version} + canary ${entry.canary.version} at ${entry.canary.percent}%` : entry.version;
};

/** Semver order where both are semver, else natural text order. */
const compareVersions = (a: string, b: string): number =>
  semver.valid(a) && semver.valid(b) ? semver.compare(a, b) : a.localeCompare(b, undefined, { numeric: true });

export const sortedVersions = async (store: DeploymentStore, folder: string): Promise<string[]> =>
  (await store.listVersions(folder)).sort(compareVersions);

/** A deployed version's record, or a refusal naming the versions that are deployed. */
export const requireDeployed = async (
  store: DeploymentStore,
  remote: RemoteApp,
  version: string,
): Promise<DeployInfo> => {
  const info = await store.readDeployInfo(remote.folder, version);
  if (info) return info;
  const versions = await sortedVersions(store, remote.folder);
  throw new ReleaseError(
    `${remote.folder} ${version} is not deployed. ` +
      (versions.length > 0
        ? `Deployed versions: ${versions.join(', ')}.`
        : `Nothing of ${remote.folder} is deployed yet: npm run release -- deploy ${remote.folder}`),
  );
};

/** The manifest entry of a deployed version; `mfeBaseUrl` is where the store is served. */
export const entryFor = (ctx: CommandContext, remote: RemoteApp, info: DeployInfo): RemoteEntry => {
  const routes = routeMetaListSchema.safeParse(info.routes);
  return {
    name: remote.name,
    version: info.version,
    entry: `${ctx.mfeBaseUrl.replace(/\/$/, '')}/${remote.folder}/${info.version}/mf-manifest.json`,
    namespace: remote.namespace,
    // Only a version deployed with --force past a routes problem has none.
    routes: routes.success ? routes.data : [],
  };
};

export const readManifestOrEmpty = async (ctx: CommandContext): Promise<StoredManifest> =>
  (await ctx.store.readManifest()) ?? { updatedAt: ctx.now().toISOString(), remotes: {} };

/** A shell version in the store, as the contract check reads it. */
export const storedShell = (ctx: CommandContext, version: string, label = `shell ${version}`): Promise<ShellShared> =>
  readShellFrom(
    (file) => ctx.store.readVersionFile(SHELL_FOLDER, version, file),
    `${ctx.store.location}/${SHELL_FOLDER}/${version}`,
    label,
  );

/** The live shell: the version live in the store, else the embedded build the server serves (SHELL_DIR). */
export const liveShell = async (ctx: CommandContext): Promise<ShellShared> => {
  const live = await ctx.store.readLiveShell();
  return live
    ? storedShell(ctx, live.version, `the live shell ${live.version}`)
    : readShellShared(ctx.context.shellDir);
};

/** The contract check of a deployed version, read back from the store, against the live shell. */
export const storedVersionProblems = async (
  ctx: CommandContext,
  remote: RemoteApp,
  version: string,
): Promise<string[]> => {
  const inspected = await inspectVersion(
    (file) => ctx.store.readVersionFile(remote.folder, version, file),
    `${ctx.store.location}/${remote.folder}/${version}`,
  );
  return [
    ...contractProblems(inspected, await liveShell(ctx), `${remote.folder} ${version}`),
    ...(await routeLinkProblems(ctx, remote, version)),
  ];
};

/**
 * The contract check of a deployed version that is to serve, enforced: a refusal, or with `force` a warning and
 * the problems it overrode (for the audit line).
 */
export const enforceStoredContract = async (
  ctx: CommandContext,
  remote: RemoteApp,
  version: string,
  { force = false, reason }: { force?: boolean; reason?: string },
): Promise<string[]> =>
  enforceContract(
    `${remote.folder} ${version}`,
    await storedVersionProblems(ctx, remote, version),
    force,
    ctx.warn,
    reason,
  );

/**
 * A shell (a candidate version) against every live remote version and every live canary: what each
 * of them was built against must be what this shell provides.
 */
export const shellProblemsWithLiveRemotes = async (ctx: CommandContext, shell: ShellShared): Promise<string[]> => {
  const manifest = await ctx.store.readManifest();
  const problems: string[] = [];
  for (const [folder, entry] of Object.entries(manifest?.remotes ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    const serving = [
      { version: entry.version, role: 'live' },
      ...(entry.canary ? [{ version: entry.canary.version, role: `canary at ${entry.canary.percent}%` }] : []),
    ];
    for (const { version, role } of serving) {
      const inspected = await inspectVersion(
        (file) => ctx.store.readVersionFile(folder, version, file),
        `${ctx.store.location}/${folder}/${version}`,
      );
      problems.push(...sharedProblems(inspected, shell, `${folder} ${version} (${role})`));
    }
  }
  return problems;
};

/**
 * Links between remotes: every path another live remote (or live canary) links to that `remote`'s live
 * version routes must still be routed by `version`, the candidate; one problem per such link.
 */
const routeLinkProblems = async (ctx: CommandContext, remote: RemoteApp, version: string): Promise<string[]> => {
  const manifest = await ctx.store.readManifest();
  const current = manifest?.remotes[remote.folder];
  const info = await ctx.store.readDeployInfo(remote.folder, version);
  if (!manifest || !current || !info || current.version === version) return [];
  const before = current.routes.map((route) => route.path);
  const candidate = routeMetaListSchema.safeParse(info.routes);
  const after = candidate.success ? candidate.data.map((route) => route.path) : [];
  const problems: string[] = [];
  for (const [folder, entry] of Object.entries(manifest.remotes).sort(([a], [b]) => a.localeCompare(b))) {
    if (folder === remote.folder) continue;
    const serving = [
      { version: entry.version, role: 'live' },
      ...(entry.canary ? [{ version: entry.canary.version, role: `canary at ${entry.canary.percent}%` }] : []),
    ];
    for (const other of serving) {
      const record = parseSharedContract(await ctx.store.readVersionFile(folder, other.version, SHARED_CONTRACT_FILE));
      if (typeof record === 'string') continue;
      for (const link of record.links ?? []) {
        const routed = before.find((route) => linkMatchesRoute(link, route));
        if (routed && !after.some((route) => linkMatchesRoute(link, route))) {
          problems.push(
            `${folder} ${other.version} (${other.role}) links to ${link}, which ${remote.folder} ${current.version} ` +
              `routes (${routed}) but ${remote.folder} ${version} does not`,
          );
        }
      }
    }
  }
  return problems;
};

/** The audit fields of a forced change: what was overridden and why. */
export const forcedFields = (forced: string[], reason: string | undefined) =>
  forced.length > 0 ? { forced, ...(reason ? { reason } : {}) } : {};

/**
 * Records one change to what is live: the history first, then the manifest (the switch), then the
 * audit line. Called inside the store's lock. A crash after the history write leaves a history
 * whose last entry equals the live version, which rollback skips.
 */
export const commitChange = async (
  ctx: CommandContext,
  change: {
    manifest?: StoredManifest;
    history?: { folder: string; previous: string[] };
    audit: Omit<AuditEntry, 'at' | 'who' | 'host'>;
  },
): Promise<void> => {
  const at = ctx.now().toISOString();
  if (change.history) {
    const history = await ctx.store.readHistory();
    await ctx.store.writeHistory({
      previous: { ...history.previous, [change.history.folder]: change.history.previous },
    });
  }
  if (change.manifest) await ctx.store.writeManifest({ ...change.manifest, updatedAt: at });
  await ctx.store.appendAudit({ at, who: ctx.who, host: ctx.host, ...change.audit });
};

/**
 * Records `remote`'s new entry in the manifest (`entry`, where it served `current` before), with the audit
 * line of `audit.command` (from what `current` served) and, given `previous`, the remote's new live history.
 */
export const commitRemote = (
  ctx: CommandContext,
  change: {
    manifest: StoredManifest;
    remote: RemoteApp;
    current: StoredRemote | undefined;
    entry: StoredRemote;
    previous?: string[];
  },
  audit: Omit<AuditEntry, 'at' | 'who' | 'host' | 'remote' | 'from'>,
): Promise<void> => {
  const { manifest, remote, current, entry, previous } = change;
  const { command, ...rest } = audit;
  return commitChange(ctx, {
    ...(previous ? { history: { folder: remote.folder, previous } } : {}),
    manifest: { ...manifest, remotes: { ...manifest.remotes, [remote.folder]: entry } },
    // The audit line's fields in the log's order: command, remote, from, then to and the rest.
    audit: { command, remote: remote.folder, from: describeServing(current), ...rest },
  });
};

/** What a change that puts a deployed version in front of browsers writes into its audit line besides the basics. */
interface ServingAudit {
  forced: string[];
  reason: string | undefined;
  /** The automated canary's record of the decision, when it made the change. */
  auto?: AutoCanaryRecord;
}

const servingAuditFields = ({ forced, reason, auto }: ServingAudit) => ({
  ...forcedFields(forced, reason),
  ...(auto ? { auto } : {}),
});

/**
 * Makes the deployed version `info` live for everyone, which ends any canary of the remote; the version it
 * replaces goes on top of the remote's live history (a re-promote of the live version adds nothing).
 */
export const commitPromote = async (
  ctx: CommandContext,
  change: { manifest: StoredManifest; remote: RemoteApp; current: StoredRemote | undefined; info: DeployInfo },
  audit: ServingAudit,
): Promise<void> => {
  const { manifest, remote, current, info } = change;
  const history = await ctx.store.readHistory();
  const earlier = history.previous[remote.folder] ?? [];
  const previous = current && current.version !== info.version ? [...earlier, current.version] : earlier;
  await commitRemote(
    ctx,
    { manifest, remote, current, entry: entryFor(ctx, remote, info), previous },
    { command: 'promote', to: info.version, ...servingAuditFields(audit) },
  );
};

/** Makes the deployed version `info` the canary of the remote for `percent`% of browsers, beside the live one. */
export const commitCanary = async (
  ctx: CommandContext,
  change: { manifest: StoredManifest; remote: RemoteApp; current: StoredRemote; info: DeployInfo; percent: number },
  audit: ServingAudit,
): Promise<void> => {
  const { manifest, remote, current, info, percent } = change;
  const next = { ...current, canary: { ...entryFor(ctx, remote, info), percent } };
  await commitRemote(
    ctx,
    { manifest, remote, current, entry: next },
    { command: 'canary', to: describeServing(next), ...servingAuditFields(audit) },
  );
};
