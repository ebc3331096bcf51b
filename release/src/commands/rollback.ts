import { ReleaseError } from '../errors';
import type { RemoteApp } from '../remotes';
import {
  commitRemote,
  describeServing,
  enforceStoredContract,
  entryFor,
  forcedFields,
  readManifestOrEmpty,
  requireDeployed,
  sortedVersions,
  type CommandContext,
} from './command-context';

/**
 * `rollback <remote> [--to <version>]`: makes the previous live version (or the named deployed one)
 * live again by rewriting one manifest entry. Nothing is rebuilt or copied, no other remote's entry
 * changes. While a canary runs, a plain rollback ends the canary: everyone gets the live version.
 */
export const rollback = (
  ctx: CommandContext,
  remote: RemoteApp,
  { to, force = false, reason }: { to?: string; force?: boolean; reason?: string } = {},
): Promise<void> =>
  ctx.store.withLock(async () => {
    const manifest = await readManifestOrEmpty(ctx);
    const current = manifest.remotes[remote.folder];
    if (!current) throw new ReleaseError(`${remote.folder} has no live version to roll back`);
    const history = await ctx.store.readHistory();
    let previous = [...(history.previous[remote.folder] ?? [])];
    let target: string;
    if (to !== undefined) {
      target = to;
      await requireDeployed(ctx.store, remote, target);
      if (target === current.version && !current.canary) {
        throw new ReleaseError(`${remote.folder} ${target} is already live`);
      }
      // Back to an earlier live version forgets what came after it; any other version is a step
      // forward, after which the current one is the previous.
      const index = previous.lastIndexOf(target);
      if (index >= 0) previous = previous.slice(0, index);
      else if (target !== current.version) previous.push(current.version);
    } else if (current.canary) {
      target = current.version;
    } else {
      // A crash between the history and manifest writes can leave the live version on top; skip it.
      while (previous.at(-1) === current.version) previous.pop();
      const earlier = previous.pop();
      if (earlier === undefined) {
        const versions = (await sortedVersions(ctx.store, remote.folder)).filter((v) => v !== current.version);
        throw new ReleaseError(
          `${remote.folder} has no earlier live version than ${current.version}.` +
            (versions.length > 0 ? ` Name one with --to: ${versions.join(', ')}` : ''),
        );
      }
      target = earlier;
    }
    const info = await requireDeployed(ctx.store, remote, target);
    // Back to a version that is not live: it must still fit the live shell (a canary's end keeps the live one).
    const forced =
      target === current.version ? [] : await enforceStoredContract(ctx, remote, target, { force, reason });
    await commitRemote(
      ctx,
      { manifest, remote, current, entry: entryFor(ctx, remote, info), previous },
      { command: 'rollback', to: target, ...forcedFields(forced, reason) },
    );
    ctx.log(
      current.canary && target === current.version
        ? `${remote.folder}: canary ${current.canary.version} ended; everyone gets ${target}.`
        : `${remote.folder} rolled back from ${describeServing(current)} to ${target}.`,
    );
  });
