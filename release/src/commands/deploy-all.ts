import { readBuildArtifact, remoteVersion, type BuildArtifact } from '../build-artifact';
import { gitInfo } from '../git-info';
import type { ReleaseContext, RemoteApp } from '../remotes';
import type { DeploymentStore } from '../store/deployment-store';
import { deployArtifact, promoteArtifacts } from './deploy';

export interface DeployAllOptions {
  context: ReleaseContext;
  store: DeploymentStore;
  remotes: readonly RemoteApp[];
  promote: boolean;
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
    const result = await deployArtifact(store, artifact, git);
    log(`${artifact.remote.folder} ${artifact.version}: ${result === 'created' ? 'deployed' : 'already deployed, same build'}`);
  }
  if (promote) {
    await promoteArtifacts(store, artifacts, mfeBaseUrl);
    log(`live: ${artifacts.map((artifact) => `${artifact.remote.folder}@${artifact.version}`).join(', ')}`);
  }
};
