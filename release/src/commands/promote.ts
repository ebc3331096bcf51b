import type { RemoteApp } from '../remotes';
import {
  commitPromote,
  describeServing,
  enforceStoredContract,
  readManifestOrEmpty,
  requireDeployed,
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
    const forced = await enforceStoredContract(ctx, remote, version, { force, reason });
    const manifest = await readManifestOrEmpty(ctx);
    const current = manifest.remotes[remote.folder];
    if (current?.version === version && !current.canary) {
      ctx.log(`${label} is already live; nothing changed.`);
      return;
    }
    await commitPromote(ctx, { manifest, remote, current, info }, { forced, reason });
    ctx.log(`${label} is live for everyone (was ${describeServing(current) ?? 'nothing'}).`);
  });
