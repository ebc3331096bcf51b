import { readBuildArtifact } from '../build-artifact';
import { contractProblems, readShellShared } from '../contract-check';
import { ReleaseError } from '../errors';
import type { RemoteApp } from '../remotes';
import { storedVersionProblems, type CommandContext } from './command-context';

/**
 * `verify <remote> <version>`: the contract check alone, of the deployed version, or of the build
 * `mfe-<x>/dist/<version>/` when that version is not deployed yet. True when it passes.
 */
export const verify = async (ctx: CommandContext, remote: RemoteApp, version: string): Promise<boolean> => {
  const label = `${remote.folder} ${version}`;
  const deployed = (await ctx.store.readDeployInfo(remote.folder, version)) !== null;
  let problems: string[];
  if (deployed) {
    problems = await storedVersionProblems(ctx, remote, version);
  } else {
    const artifact = await readBuildArtifact(ctx.context.repoDir, remote, version).catch((error: Error) => {
      throw new ReleaseError(`${label} is neither deployed nor built: ${error.message}`);
    });
    problems = contractProblems(artifact.inspected, await readShellShared(ctx.context.shellDir));
  }
  const what = deployed ? 'deployed version' : `build ${remote.folder}/dist/${version}`;
  if (problems.length === 0) {
    ctx.log(`${label} (${what}) passes the contract check against the live shell.`);
    return true;
  }
  ctx.log(`${label} (${what}) fails the contract check:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return false;
};
