import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { enforceContract } from '../contract-check';
import { ReleaseError } from '../errors';
import { gitInfo } from '../git-info';
import type { RemoteApp } from '../remotes';
import { contentDigest } from '../store/content-digest';
import type { AuditCommand, DeployInfo, StaticUnit } from '../store/deployment-store';
import { commitChange, forcedFields, requireDeployed, sortedVersions, type CommandContext } from './command-context';

/** A build of a static unit, ready to be stored. */
export interface StaticBuild {
  dir: string;
  version: string;
  /** The build file whose time is the build's time (`builtAt`). */
  builtFile: string;
  /** What the build shares (the shell's singletons); empty for a unit without federation. */
  shared: DeployInfo['shared'];
  /** What keeps this build from going live (checked at deploy, `--force` overrides). */
  problems: string[];
}

/**
 * A unit deployed as a whole static build (the shell, the operator console): where its build is and what
 * is checked before a version of it is stored or goes live. Deploy, promote and rollback are the same for
 * every such unit (this module); only the build and the checks differ.
 */
export interface StaticKind {
  unit: StaticUnit;
  app: RemoteApp;
  /** What the server serves while no version is live, for messages: `the embedded shell`. */
  embedded: string;
  /** The build in the checkout to deploy (`--version` when given), with its problems. */
  build(ctx: CommandContext, requested: string | undefined, label: (version: string) => string): Promise<StaticBuild>;
  /** What keeps a deployed version from going live now. */
  storedProblems(ctx: CommandContext, version: string, label: string): Promise<string[]>;
}

/** The version of a build: `--version`, else VERSION, else what the build recorded, else its package.json's. */
export const buildVersion = (
  ctx: CommandContext,
  kind: StaticKind,
  requested: string | undefined,
  ...fallbacks: Array<string | undefined>
): string => {
  const version = requested ?? ctx.env.VERSION ?? fallbacks.find((candidate) => candidate !== undefined);
  if (!version) throw new ReleaseError(`${kind.app.folder}/package.json has no version; deploy with --version`);
  return version;
};

/** The version in the checkout's `<folder>/package.json`; undefined when it has none (or no package.json). */
export const packageVersion = async (ctx: CommandContext, folder: string): Promise<string | undefined> => {
  const pkg = JSON.parse(
    await readFile(path.join(ctx.context.repoDir, folder, 'package.json'), 'utf8').catch(() => '{}'),
  ) as { version?: string };
  return pkg.version;
};

/** A build folder must hold the page the server answers: refused otherwise, with how to build it. */
export const requireIndexHtml = async (dir: string, hint: string): Promise<void> => {
  try {
    await stat(path.join(dir, 'index.html'));
  } catch {
    throw new ReleaseError(`${dir} has no index.html. ${hint}`);
  }
};

/** `deploy <unit>`: stores the unit's build as a new immutable version; nothing goes live. */
const deployStatic = async (
  ctx: CommandContext,
  kind: StaticKind,
  { version: requested, force = false, reason }: { version?: string; force?: boolean; reason?: string },
): Promise<string> => {
  const { folder } = kind.unit;
  const build = await kind.build(ctx, requested, (version) => `${folder} ${version}`);
  const { dir, version } = build;
  const label = `${folder} ${version}`;
  const forced = enforceContract(label, build.problems, force, ctx.warn, reason);
  const git = await gitInfo(ctx.context.repoDir);
  await ctx.store.withLock(async () => {
    if ((await ctx.store.listVersions(folder)).includes(version)) {
      throw new ReleaseError(
        `${label} is already deployed. Deployed versions are immutable: bump the version (${kind.app.folder}/` +
          'package.json, VERSION or --version), build and deploy again.',
      );
    }
    await ctx.store.putVersion(dir, {
      name: kind.app.name,
      folder,
      version,
      ...git,
      builtAt: (await stat(path.join(dir, build.builtFile))).mtime.toISOString(),
      deployedAt: ctx.now().toISOString(),
      contentDigest: await contentDigest(dir),
      exposes: [],
      shared: build.shared,
      routes: [],
      ...(forced.length > 0 ? { forcedProblems: forced } : {}),
    });
    await commitChange(ctx, {
      audit: { command: 'deploy', remote: folder, from: null, to: version, ...forcedFields(forced, reason) },
    });
  });
  ctx.log(`${label}: deployed${forced.length > 0 ? ' (forced past the contract check)' : ''}; not live yet.`);
  ctx.log(`Make it live: npm run release -- promote ${folder} ${version}`);
  return version;
};

/** Makes a deployed version live after its checks; the history, the live file (and link) and the audit line. */
const switchStatic = async (
  ctx: CommandContext,
  kind: StaticKind,
  command: AuditCommand,
  target: string,
  previous: string[],
  { force = false, reason }: { force?: boolean; reason?: string },
): Promise<void> => {
  const { unit } = kind;
  const label = `${unit.folder} ${target}`;
  const forced = enforceContract(label, await kind.storedProblems(ctx, target, label), force, ctx.warn, reason);
  const current = await ctx.store.readLive(unit);
  const at = ctx.now().toISOString();
  const history = await ctx.store.readHistory();
  await ctx.store.writeHistory({ previous: { ...history.previous, [unit.folder]: previous } });
  await ctx.store.writeLive(unit, { version: target, updatedAt: at });
  await ctx.store.appendAudit({
    at,
    who: ctx.who,
    host: ctx.host,
    command,
    remote: unit.folder,
    from: current?.version ?? null,
    to: target,
    ...forcedFields(forced, reason),
  });
};

/** `promote <unit> <version>`: the server serves this version from the store. */
const promoteStatic = (
  ctx: CommandContext,
  kind: StaticKind,
  version: string,
  options: { force?: boolean; reason?: string } = {},
): Promise<void> =>
  ctx.store.withLock(async () => {
    const { folder } = kind.unit;
    await requireDeployed(ctx.store, kind.app, version);
    const current = await ctx.store.readLive(kind.unit);
    if (current?.version === version) {
      ctx.log(`${folder} ${version} is already live; nothing changed.`);
      return;
    }
    const earlier = (await ctx.store.readHistory()).previous[folder] ?? [];
    await switchStatic(ctx, kind, 'promote', version, current ? [...earlier, current.version] : earlier, options);
    ctx.log(`${folder} ${version} is live (was ${current?.version ?? kind.embedded}).`);
  });

/** `rollback <unit> [--to <version>]`: the previous live version (or the named one), checked the same way. */
const rollbackStatic = (
  ctx: CommandContext,
  kind: StaticKind,
  { to, force, reason }: { to?: string; force?: boolean; reason?: string } = {},
): Promise<void> =>
  ctx.store.withLock(async () => {
    const { folder } = kind.unit;
    const current = await ctx.store.readLive(kind.unit);
    if (!current) {
      throw new ReleaseError(`${folder} has no live version in the store to roll back (${kind.embedded} is served)`);
    }
    let previous = [...((await ctx.store.readHistory()).previous[folder] ?? [])];
    let target: string;
    if (to !== undefined) {
      await requireDeployed(ctx.store, kind.app, to);
      if (to === current.version) throw new ReleaseError(`${folder} ${to} is already live`);
      const index = previous.lastIndexOf(to);
      if (index >= 0) previous = previous.slice(0, index);
      else previous.push(current.version);
      target = to;
    } else {
      while (previous.at(-1) === current.version) previous.pop();
      const earlier = previous.pop();
      if (earlier === undefined) {
        const versions = (await sortedVersions(ctx.store, folder)).filter((v) => v !== current.version);
        throw new ReleaseError(
          `${folder} has no earlier live version than ${current.version}.` +
            (versions.length > 0 ? ` Name one with --to: ${versions.join(', ')}` : ''),
        );
      }
      target = earlier;
    }
    await switchStatic(ctx, kind, 'rollback', target, previous, { force, reason });
    ctx.log(`${folder} rolled back from ${current.version} to ${target}.`);
  });

/** Deploy, promote and rollback of one static unit, bound to its kind (the CLI picks them by unit). */
export const staticCommands = (kind: StaticKind) => ({
  /** `deploy <unit>`: stores the unit's build as a new immutable version; nothing goes live. */
  deploy: (ctx: CommandContext, options: { version?: string; force?: boolean; reason?: string }): Promise<string> =>
    deployStatic(ctx, kind, options),
  /** `promote <unit> <version>`: the server serves this version from the store. */
  promote: (ctx: CommandContext, version: string, options: { force?: boolean; reason?: string } = {}): Promise<void> =>
    promoteStatic(ctx, kind, version, options),
  /** `rollback <unit> [--to <version>]`: the previous live version (or the named one), checked the same way. */
  rollback: (ctx: CommandContext, options: { to?: string; force?: boolean; reason?: string } = {}): Promise<void> =>
    rollbackStatic(ctx, kind, options),
});

export type StaticCommands = ReturnType<typeof staticCommands>;
