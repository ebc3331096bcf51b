import { ReleaseError } from '../errors';
import type { RemoteApp } from '../remotes';
import {
  commitCanary,
  enforceStoredContract,
  readManifestOrEmpty,
  requireDeployed,
  type CommandContext,
} from './command-context';

/**
 * `canary <remote> <version> --percent N`: N% of browsers (sticky per browser, resolved by the
 * server from its bucket cookie) get this version, the rest keep the live one. The contract check
 * runs as for promote. `promote` or `rollback` ends the canary.
 */
export const canary = (
  ctx: CommandContext,
  remote: RemoteApp,
  version: string,
  { percent, force = false, reason }: { percent: number; force?: boolean; reason?: string },
): Promise<void> =>
  ctx.store.withLock(async () => {
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
      throw new ReleaseError(`--percent must be a whole number from 0 to 100, not ${percent}`);
    }
    const info = await requireDeployed(ctx.store, remote, version);
    const label = `${remote.folder} ${version}`;
    const manifest = await readManifestOrEmpty(ctx);
    const current = manifest.remotes[remote.folder];
    if (!current) {
      throw new ReleaseError(`${remote.folder} has no live version; promote one before a canary`);
    }
    if (current.version === version) {
      throw new ReleaseError(`${label} is the live version; a canary needs a different one`);
    }
    const forced = await enforceStoredContract(ctx, remote, version, { force, reason });
    if (current.canary?.version === version && current.canary.percent === percent) {
      ctx.log(`${label} is already the canary at ${percent}%; nothing changed.`);
      return;
    }
    await commitCanary(ctx, { manifest, remote, current, info, percent }, { forced, reason });
    ctx.log(`${label} is the canary for ${percent}% of browsers; the others keep ${current.version}.`);
  });
