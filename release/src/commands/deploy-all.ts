import { readBuildArtifact, remoteVersion, type BuildArtifact } from '../build-artifact';
import { gitInfo } from '../git-info';
import type { ReleaseContext, RemoteApp } from '../remotes';
import type { DeploymentStore, PutVersionResult } from '../store/deployment-store';
import { deployArtifact, promoteArtifacts } from './deploy';

const OUTCOME_TEXT: Record<PutVersionResult, string> = {
  created: 'deployed',
  unchanged: 'already deployed, same build',
  replaced: 'replaced the earlier build of this version',
};

export interface DeployAllOptions {
  context: ReleaseContext;
  store: DeploymentStore;
  remotes: readonly RemoteApp[];
  promote: boolean;
  /** Overwrite same-version deploys whose content changed (a local store during development). */
  replace?: boolean;
  mfeBaseUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/**
 * Deploys every remote's current build and, with `promote`, makes them all live in one
 * manifest write. Every build is checked before anything is copied, so a missing build leaves
 * the store as it was.
 */
export const deployAll = async ({
  context,
  store,
  remotes,
  promote,
  replace = false,
  mfeBaseUrl,
  env = process.env,
  log = console.log,
}: DeployAllOptions): Promise<void> => {
  const artifacts: BuildArtifact[] = [];
  for (const remote of remotes) {
    artifacts.push(await readBuildArtifact(context.repoDir, remote, await remoteVersion(context.repoDir, remote, env)));
  }
  const git = await gitInfo(context.repoDir);
  for (const artifact of artifacts) {
    const result = await deployArtifact(store, artifact, { ...git, replace });
    log(`${artifact.remote.folder} ${artifact.version}: ${OUTCOME_TEXT[result]}`);
  }
  if (promote) {
    await promoteArtifacts(store, artifacts, mfeBaseUrl);
    log(`live: ${artifacts.map((artifact) => `${artifact.remote.folder}@${artifact.version}`).join(', ')}`);
  }
};
