import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONSOLE } from '../remotes';
import { CONSOLE_UNIT } from '../store/deployment-store';
import type { CommandContext } from './command-context';
import {
  buildVersion,
  deployStatic,
  promoteStatic,
  requireIndexHtml,
  rollbackStatic,
  type StaticKind,
} from './static-unit';

/**
 * The operator console (issue 25) as a static unit. Its build is `console/dist/`; its version is `--version`,
 * else VERSION, else console/package.json's. It shares nothing with the shopper remotes (no federation), so
 * the only check is that its build is complete: an index.html, the page the server answers at `/console`.
 */
const CONSOLE_KIND: StaticKind = {
  unit: CONSOLE_UNIT,
  app: CONSOLE,
  embedded: 'console/dist',
  build: async (ctx, requested) => {
    const dir = path.join(ctx.context.repoDir, 'console', 'dist');
    await requireIndexHtml(dir, 'Build it first: node tools/build-all.mjs console');
    const pkg = JSON.parse(
      await readFile(path.join(ctx.context.repoDir, 'console', 'package.json'), 'utf8').catch(() => '{}'),
    ) as { version?: string };
    const version = buildVersion(ctx, CONSOLE_KIND, requested, pkg.version);
    return { dir, version, builtFile: 'index.html', shared: [], problems: [] };
  },
  storedProblems: async (ctx, version, label) =>
    (await ctx.store.readVersionFile(CONSOLE_UNIT.folder, version, 'index.html')) === null
      ? [`${label} has no index.html in ${ctx.store.location}`]
      : [],
};

/** `deploy console`: stores `console/dist/` as a new immutable console version; nothing goes live. */
export const deployConsole = (
  ctx: CommandContext,
  options: { version?: string; force?: boolean; reason?: string },
): Promise<string> => deployStatic(ctx, CONSOLE_KIND, options);

/** `promote console <version>`: the server serves this console version at `/console` (local store). */
export const promoteConsole = (
  ctx: CommandContext,
  version: string,
  options: { force?: boolean; reason?: string } = {},
): Promise<void> => promoteStatic(ctx, CONSOLE_KIND, version, options);

/** `rollback console [--to <version>]`: the previous live console version (or the named one). */
export const rollbackConsole = (
  ctx: CommandContext,
  options: { to?: string; force?: boolean; reason?: string } = {},
): Promise<void> => rollbackStatic(ctx, CONSOLE_KIND, options);
