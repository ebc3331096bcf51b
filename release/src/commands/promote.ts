import { enforceContract } from '../contract-check';
import type { RemoteApp } from '../remotes';
import {
  commitRemote,
  describeServing,
  entryFor,
  forcedFields,
  readManifestOrEmpty,
  requireDeployed,
  storedVersionProblems,
  type CommandContext,
} from './command-context';

/**
 * `promote <remote> <version>`: makes a deployed version live for everyone after the contract
 * check, and ends any canary of that remote. Other remotes' entries are not touched.
 */
export const promote = (
  ctx: CommandContext,
  remote: RemoteApp,
  version: string,
  { force = false, reason }: { force?: boolean; reason?: string } = {},
): Promise<void> =>
  ctx.store.withLock(async () => {
    const info = await requireDeployed(ctx.store, remote, version);
    const label = `${remote.folder} ${version}`;
    const forced = enforceContract(label, await storedVersionProblems(ctx, remote, version), force, ctx.warn, reason);
    const manifest = await readManifestOrEmpty(ctx);
    const current = manifest.remotes[remote.folder];
    if (current?.version === version && !current.canary) {
      ctx.log(`${label} is already live; nothing changed.`);
      return;
    }
    const history = await ctx.store.readHistory();
    const earlier = history.previous[remote.folder] ?? [];
    const previous = current && current.version !== version ? [...earlier, current.version] : earlier;
    await commitRemote(
      ctx,
      { manifest, remote, current, entry: entryFor(ctx, remote, info), previous },
      { command: 'promote', to: version, ...forcedFields(forced, reason) },
    );
    ctx.log(`${label} is live for everyone (was ${describeServing(current) ?? 'nothing'}).`);
  });
