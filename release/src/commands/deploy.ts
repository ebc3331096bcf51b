import { assertCompleteBuild, readBuildArtifact, remoteVersion, type BuildArtifact } from '../build-artifact';
import { contractProblems, enforceContract } from '../contract-check';
import { ReleaseError } from '../errors';
import { gitInfo } from '../git-info';
import type { RemoteApp } from '../remotes';
import { contentDigest } from '../store/content-digest';
import type { DeploymentStore, PutVersionResult } from '../store/deployment-store';
import {
  commitChange,
  describeServing,
  entryFor,
  forcedFields,
  liveShell,
  readManifestOrEmpty,
  type CommandContext,
} from './command-context';

interface DeployOptions {
  gitCommit: string | null;
  gitDirty: boolean;
  /** Overwrite a same-version deploy with different content (local development only). */
  replace?: boolean;
  forcedProblems?: string[];
  now?: Date;
}

/** Copies one build into the store as an immutable version. The live manifest is untouched. */
const deployArtifact = async (
  store: DeploymentStore,
  artifact: BuildArtifact,
  { gitCommit, gitDirty, replace = false, forcedProblems = [], now = new Date() }: DeployOptions,
): Promise<PutVersionResult> =>
  store.putVersion(
    artifact.dir,
    {
      name: artifact.remote.name,
      folder: artifact.remote.folder,
      version: artifact.version,
      gitCommit,
      gitDirty,
      builtAt: artifact.builtAt,
      deployedAt: now.toISOString(),
      contentDigest: await contentDigest(artifact.dir),
      exposes: artifact.exposes,
      shared: artifact.shared,
      routes: artifact.routes,
      ...(forcedProblems.length > 0 ? { forcedProblems } : {}),
    },
    { replace },
  );

/**
 * `deploy <remote>`: stores the remote's build (`mfe-<x>/dist/<version>/`) as a new immutable
 * version after the contract check. Deploying a version that exists is refused. Nothing goes live.
 */
export const deployRemote = async (
  ctx: CommandContext,
  remote: RemoteApp,
  { version: requested, force = false, reason }: { version?: string; force?: boolean; reason?: string },
): Promise<string> => {
  const version = requested ?? (await remoteVersion(ctx.context.repoDir, remote, ctx.env));
  const artifact = await readBuildArtifact(ctx.context.repoDir, remote, version);
  const label = `${remote.folder} ${version}`;
  const problems = contractProblems(artifact.inspected, await liveShell(ctx), label);
  const forced = enforceContract(label, problems, force, ctx.warn, reason);
  const git = await gitInfo(ctx.context.repoDir);
  await ctx.store.withLock(async () => {
    const existing = await ctx.store.readDeployInfo(remote.folder, version);
    if (existing || (await ctx.store.listVersions(remote.folder)).includes(version)) {
      throw new ReleaseError(
        `${label} is already deployed${existing ? ` (at ${existing.deployedAt})` : ''}. Deployed versions are ` +
          `immutable: bump the version (package.json, VERSION or --version), build and deploy again.`,
      );
    }
    await deployArtifact(ctx.store, artifact, { ...git, forcedProblems: forced, now: ctx.now() });
    await commitChange(ctx, {
      audit: { command: 'deploy', remote: remote.folder, from: null, to: version, ...forcedFields(forced, reason) },
    });
  });
  ctx.log(`${label}: deployed${forced.length > 0 ? ' (forced past the contract check)' : ''}; not live yet.`);
  ctx.log(`Make it live: npm run release -- promote ${remote.folder} ${version}`);
  return version;
};

const OUTCOME_TEXT: Record<PutVersionResult, string> = {
  created: 'deployed',
  unchanged: 'already deployed, same build',
  replaced: 'replaced the earlier build of this version',
};

/**
 * `deploy-all`: deploys every remote's current build and, with `promote`, makes them all live in
 * one manifest write. Every build is checked before anything is copied, so a missing build leaves
 * the store as it was. A remote whose live version does not change keeps its canary.
 */
export const deployAll = async (
  ctx: CommandContext,
  { remotes, promote, replace = false }: { remotes: readonly RemoteApp[]; promote: boolean; replace?: boolean },
): Promise<void> => {
  const artifacts: BuildArtifact[] = [];
  for (const remote of remotes) {
    const artifact = await readBuildArtifact(
      ctx.context.repoDir,
      remote,
      await remoteVersion(ctx.context.repoDir, remote, ctx.env),
    );
    assertCompleteBuild(artifact);
    artifacts.push(artifact);
  }
  const git = await gitInfo(ctx.context.repoDir);
  await ctx.store.withLock(async () => {
    for (const artifact of artifacts) {
      const result = await deployArtifact(ctx.store, artifact, { ...git, replace, now: ctx.now() });
      if (result !== 'unchanged') {
        await commitChange(ctx, {
          audit: { command: 'deploy-all', remote: artifact.remote.folder, from: null, to: artifact.version },
        });
      }
      ctx.log(`${artifact.remote.folder} ${artifact.version}: ${OUTCOME_TEXT[result]}`);
    }
    if (!promote) return;
    const manifest = await readManifestOrEmpty(ctx);
    const history = await ctx.store.readHistory();
    const changes: Array<{ folder: string; from: string | null; to: string }> = [];
    for (const artifact of artifacts) {
      const { folder } = artifact.remote;
      const current = manifest.remotes[folder];
      if (current?.version === artifact.version) continue;
      const info = await ctx.store.readDeployInfo(folder, artifact.version);
      if (!info) throw new ReleaseError(`${folder} ${artifact.version} vanished from the store during deploy-all`);
      manifest.remotes[folder] = entryFor(ctx, artifact.remote, info);
      history.previous[folder] = [...(history.previous[folder] ?? []), ...(current ? [current.version] : [])];
      changes.push({ folder, from: describeServing(current), to: artifact.version });
    }
    if (changes.length > 0) {
      // One history write, one manifest switch for every remote, then one audit line per remote.
      const at = ctx.now().toISOString();
      await ctx.store.writeHistory(history);
      await ctx.store.writeManifest({ ...manifest, updatedAt: at });
      for (const { folder, from, to } of changes) {
        await ctx.store.appendAudit({
          at,
          who: ctx.who,
          host: ctx.host,
          command: 'deploy-all',
          remote: folder,
          from,
          to,
        });
      }
    }
    ctx.log(`live: ${artifacts.map((artifact) => `${artifact.remote.folder}@${artifact.version}`).join(', ')}`);
  });
};
