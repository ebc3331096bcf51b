import path from 'node:path';
import { CONSOLE } from '../remotes';
import { CONSOLE_UNIT } from '../store/deployment-store';
import { buildVersion, packageVersion, requireIndexHtml, staticCommands, type StaticKind } from './static-unit';

/**
 * The operator console (docs/decisions/0002-operator-accounts.md) as a static unit. Its build is `console/dist/`; its version is `--version`,
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
    const version = buildVersion(ctx, CONSOLE_KIND, requested, await packageVersion(ctx, 'console'));
    return { dir, version, builtFile: 'index.html', shared: [], problems: [] };
  },
  storedProblems: async (ctx, version, label) =>
    (await ctx.store.readVersionFile(CONSOLE_UNIT.folder, version, 'index.html')) === null
      ? [`${label} has no index.html in ${ctx.store.location}`]
      : [],
};

/**
 * `deploy console` stores `console/dist/` as a new immutable console version (nothing goes live);
 * `promote console <version>` has the server serve that version at `/console` (local store);
 * `rollback console [--to <version>]` makes the previous live console version (or the named one) live.
 */
export const consoleCommands = staticCommands(CONSOLE_KIND);
export const { deploy: deployConsole, promote: promoteConsole, rollback: rollbackConsole } = consoleCommands;
