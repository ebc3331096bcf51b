import path from 'node:path';
import { SELLER } from '../remotes';
import { SELLER_UNIT } from '../store/deployment-store';
import { buildVersion, packageVersion, requireIndexHtml, staticCommands, type StaticKind } from './static-unit';

/**
 * The seller centre (docs/decisions/0011-seller-accounts.md) as a static unit, exactly as the console is:
 * its build is `seller/dist/`; its version is `--version`, else VERSION, else seller/package.json's. It shares
 * nothing with the shopper remotes (no federation), so the only check is that its build has an index.html.
 */
const SELLER_KIND: StaticKind = {
  unit: SELLER_UNIT,
  app: SELLER,
  embedded: 'seller/dist',
  build: async (ctx, requested) => {
    const dir = path.join(ctx.context.repoDir, 'seller', 'dist');
    await requireIndexHtml(dir, 'Build it first: node tools/build-all.mjs seller');
    const version = buildVersion(ctx, SELLER_KIND, requested, await packageVersion(ctx, 'seller'));
    return { dir, version, builtFile: 'index.html', shared: [], problems: [] };
  },
  storedProblems: async (ctx, version, label) =>
    (await ctx.store.readVersionFile(SELLER_UNIT.folder, version, 'index.html')) === null
      ? [`${label} has no index.html in ${ctx.store.location}`]
      : [],
};

/**
 * `deploy seller` stores `seller/dist/` as a new immutable version (nothing goes live); `promote seller
 * <version>` has the server serve it at `/seller` (local store); `rollback seller [--to <version>]` makes the
 * previous live version (or the named one) live again.
 */
export const sellerCommands = staticCommands(SELLER_KIND);
