import path from 'node:path';
import { readShellShared, type ShellShared } from '../contract-check';
import { ReleaseError } from '../errors';
import { SHELL } from '../remotes';
import { SHELL_UNIT } from '../store/deployment-store';
import { shellProblemsWithLiveRemotes, storedShell, type CommandContext } from './command-context';
import { buildVersion, packageVersion, requireIndexHtml, staticCommands, type StaticKind } from './static-unit';

/** A shell's own defects, else what keeps a live remote or canary from running in it. */
const shellProblems = async (ctx: CommandContext, shell: ShellShared): Promise<string[]> => {
  if (!shell.ok) return [shell.problem];
  if (typeof shell.contract === 'string') return [`${shell.label} ${shell.contract}`];
  return shellProblemsWithLiveRemotes(ctx, shell);
};

/**
 * The shell as a static unit. Its build is `shell/dist/` (one folder, not one per version): its version is
 * `--version`, else VERSION, else the version its build recorded (shared-contract.json), else
 * shell/package.json's. A shell version is checked against every live remote and canary.
 */
const SHELL_KIND: StaticKind = {
  unit: SHELL_UNIT,
  app: SHELL,
  embedded: 'the embedded shell',
  build: async (ctx, requested, label) => {
    const dir = path.join(ctx.context.repoDir, 'shell', 'dist');
    const hint = 'Build it first: npm run build -w shell';
    const shell = await readShellShared(dir, 'the shell build');
    if (!shell.ok) throw new ReleaseError(`${shell.problem}. ${hint}`);
    await requireIndexHtml(dir, hint);
    const recorded = typeof shell.contract === 'string' ? undefined : shell.contract.app.version;
    const version = buildVersion(ctx, SHELL_KIND, requested, recorded, await packageVersion(ctx, 'shell'));
    return {
      dir,
      version,
      builtFile: 'mf-manifest.json',
      shared: shell.shared,
      problems: await shellProblems(ctx, { ...shell, label: label(version) }),
    };
  },
  storedProblems: async (ctx, version, label) => shellProblems(ctx, await storedShell(ctx, version, label)),
};

/**
 * `deploy shell` stores `shell/dist/` as a new immutable shell version, checked against every live remote;
 * `promote shell <version>` has the server serve that version from the store;
 * `rollback shell [--to <version>]` makes the previous live shell version (or the named one) live, checked
 * the same way.
 */
export const shellCommands = staticCommands(SHELL_KIND);
export const { deploy: deployShell, promote: promoteShell, rollback: rollbackShell } = shellCommands;
