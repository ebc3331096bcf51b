import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { enforceContract, readShellShared, type ShellShared } from '../contract-check';
import { ReleaseError } from '../errors';
import { gitInfo } from '../git-info';
import { SHELL } from '../remotes';
import { contentDigest } from '../store/content-digest';
import { SHELL_FOLDER, type AuditCommand } from '../store/deployment-store';
import {
  commitChange,
  forcedFields,
  requireDeployed,
  shellProblemsWithLiveRemotes,
  sortedVersions,
  storedShell,
  type CommandContext,
} from './command-context';

/**
 * The shell's build, `shell/dist/` (one folder, not one per version): its version is `--version`, else
 * VERSION, else the version its build recorded (shared-contract.json), else shell/package.json's.
 */
const shellBuild = async (ctx: CommandContext, requested: string | undefined) => {
  const dir = path.join(ctx.context.repoDir, 'shell', 'dist');
  const hint = 'Build it first: npm run build -w shell';
  const shell = await readShellShared(dir, 'the shell build');
  if (!shell.ok) throw new ReleaseError(`${shell.problem}. ${hint}`);
  try {
    await stat(path.join(dir, 'index.html'));
  } catch {
    throw new ReleaseError(`${dir} has no index.html. ${hint}`);
  }
  const recorded = typeof shell.contract === 'string' ? undefined : shell.contract.app.version;
  const pkg = JSON.parse(
    await readFile(path.join(ctx.context.repoDir, 'shell', 'package.json'), 'utf8').catch(() => '{}'),
  );
  const version = requested ?? ctx.env.VERSION ?? recorded ?? (pkg as { version?: string }).version;
  if (!version) throw new ReleaseError('shell/package.json has no version; deploy with --version');
  return { dir, version, shell };
};

/** A shell's own defects, else what keeps a live remote or canary from running in it. */
const shellProblems = async (ctx: CommandContext, shell: ShellShared): Promise<string[]> => {
  if (!shell.ok) return [shell.problem];
  if (typeof shell.contract === 'string') return [`${shell.label} ${shell.contract}`];
  return shellProblemsWithLiveRemotes(ctx, shell);
};

/** `deploy shell`: stores `shell/dist/` as a new immutable shell version, checked against every live remote. */
export const deployShell = async (
  ctx: CommandContext,
  { version: requested, force = false, reason }: { version?: string; force?: boolean; reason?: string },
): Promise<string> => {
  const { dir, version, shell } = await shellBuild(ctx, requested);
  const label = `shell ${version}`;
  const forced = enforceContract(label, await shellProblems(ctx, { ...shell, label }), force, ctx.warn, reason);
  const git = await gitInfo(ctx.context.repoDir);
  await ctx.store.withLock(async () => {
    if ((await ctx.store.listVersions(SHELL_FOLDER)).includes(version)) {
      throw new ReleaseError(
        `${label} is already deployed. Deployed versions are immutable: bump the version (shell/package.json, ` +
          'VERSION or --version), build and deploy again.',
      );
    }
    await ctx.store.putVersion(dir, {
      name: SHELL.name,
      folder: SHELL_FOLDER,
      version,
      ...git,
      builtAt: (await stat(path.join(dir, 'mf-manifest.json'))).mtime.toISOString(),
      deployedAt: ctx.now().toISOString(),
      contentDigest: await contentDigest(dir),
      exposes: [],
      shared: shell.ok ? shell.shared : [],
      routes: [],
      ...(forced.length > 0 ? { forcedProblems: forced } : {}),
    });
    await commitChange(ctx, {
      audit: { command: 'deploy', remote: SHELL_FOLDER, from: null, to: version, ...forcedFields(forced, reason) },
    });
  });
  ctx.log(`${label}: deployed${forced.length > 0 ? ' (forced past the contract check)' : ''}; not live yet.`);
  ctx.log(`Make it live: npm run release -- promote shell ${version}`);
  return version;
};

/** Makes a deployed shell version live after checking it against every live remote and canary. */
const switchShell = async (
  ctx: CommandContext,
  command: AuditCommand,
  target: string,
  previous: string[],
  { force = false, reason }: { force?: boolean; reason?: string },
): Promise<void> => {
  const label = `shell ${target}`;
  const forced = enforceContract(
    label,
    await shellProblems(ctx, await storedShell(ctx, target, label)),
    force,
    ctx.warn,
    reason,
  );
  const current = await ctx.store.readLiveShell();
  const at = ctx.now().toISOString();
  const history = await ctx.store.readHistory();
  await ctx.store.writeHistory({ previous: { ...history.previous, [SHELL_FOLDER]: previous } });
  await ctx.store.writeLiveShell({ version: target, updatedAt: at });
  await ctx.store.appendAudit({
    at,
    who: ctx.who,
    host: ctx.host,
    command,
    remote: SHELL_FOLDER,
    from: current?.version ?? null,
    to: target,
    ...forcedFields(forced, reason),
  });
};

/** `promote shell <version>`: the server serves this shell version from the store. */
export const promoteShell = (
  ctx: CommandContext,
  version: string,
  options: { force?: boolean; reason?: string } = {},
): Promise<void> =>
  ctx.store.withLock(async () => {
    await requireDeployed(ctx.store, SHELL, version);
    const current = await ctx.store.readLiveShell();
    if (current?.version === version) {
      ctx.log(`shell ${version} is already live; nothing changed.`);
      return;
    }
    const earlier = (await ctx.store.readHistory()).previous[SHELL_FOLDER] ?? [];
    await switchShell(ctx, 'promote', version, current ? [...earlier, current.version] : earlier, options);
    ctx.log(`shell ${version} is live (was ${current?.version ?? 'the embedded shell'}).`);
  });

/** `rollback shell [--to <version>]`: the previous live shell version (or the named one), checked the same way. */
export const rollbackShell = (
  ctx: CommandContext,
  { to, force, reason }: { to?: string; force?: boolean; reason?: string } = {},
): Promise<void> =>
  ctx.store.withLock(async () => {
    const current = await ctx.store.readLiveShell();
    if (!current)
      throw new ReleaseError('shell has no live version in the store to roll back (the embedded shell is served)');
    let previous = [...((await ctx.store.readHistory()).previous[SHELL_FOLDER] ?? [])];
    let target: string;
    if (to !== undefined) {
      await requireDeployed(ctx.store, SHELL, to);
      if (to === current.version) throw new ReleaseError(`shell ${to} is already live`);
      const index = previous.lastIndexOf(to);
      if (index >= 0) previous = previous.slice(0, index);
      else previous.push(current.version);
      target = to;
    } else {
      while (previous.at(-1) === current.version) previous.pop();
      const earlier = previous.pop();
      if (earlier === undefined) {
        const versions = (await sortedVersions(ctx.store, SHELL_FOLDER)).filter((v) => v !== current.version);
        throw new ReleaseError(
          `shell has no earlier live version than ${current.version}.` +
            (versions.length > 0 ? ` Name one with --to: ${versions.join(', ')}` : ''),
        );
      }
      target = earlier;
    }
    await switchShell(ctx, 'rollback', target, previous, { force, reason });
    ctx.log(`shell rolled back from ${current.version} to ${target}.`);
  });
