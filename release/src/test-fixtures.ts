import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RouteMeta } from '@marketplace/shared/contracts';
import { commandContext, type CommandContext } from './commands/command-context';
import type { SharedRequirement } from './inspect-version';
import type { RemoteApp } from './remotes';
import type { SharedContract } from './shared-contract';
import { contentDigest } from './store/content-digest';
import type { DeployInfo } from './store/deployment-store';
import { LocalDeploymentStore } from './store/local-store';

/** The checkout the tests run in. */
const REPO_ROOT = path.resolve(__dirname, '../..');
/** The compiled CLI as `npm run release` runs it (bin/release.mjs compiles it first when a source is newer). */
const RELEASE_BIN = path.join(REPO_ROOT, 'release/bin/release.mjs');

/** Runs the real CLI process in the checkout, `env` over the process's; its exit code and output, never throws. */
export const runCli = async (
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [RELEASE_BIN, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

export const tempDir = (prefix: string): Promise<string> => mkdtemp(path.join(tmpdir(), `release-${prefix}-`));

/** The deploy.json of `remote`'s build in `dir` at `version` (fixed git and times), as the store tests store it. */
export const deployInfoFor = async (remote: RemoteApp, dir: string, version = '1.0.0'): Promise<DeployInfo> => ({
  name: remote.name,
  folder: remote.folder,
  version,
  gitCommit: 'abc123',
  gitDirty: false,
  builtAt: '2026-01-01T00:00:00.000Z',
  deployedAt: '2026-01-02T00:00:00.000Z',
  contentDigest: await contentDigest(dir),
  exposes: ['./screens'],
  shared: [],
  routes: [],
});

export const REACT_SHARED: SharedRequirement = {
  name: 'react',
  version: '19.3.1',
  requiredVersion: '^19.3.1',
  singleton: true,
};

/** A shared contract as a build records it (shared-contract.json): by default shared 1.0.0 with three exports. */
export const sharedContract = (
  app: { name: string; version: string },
  shared: { version?: string; exports?: Record<string, string> } = {},
  singletons: Record<string, string> = { react: '19.3.1', 'react-dom': '19.3.1' },
): SharedContract => {
  const exports = shared.exports ?? { api: 'sig-api', formatMoney: 'sig-money', useAppSelector: 'sig-selector' };
  return {
    app,
    shared: {
      name: '@marketplace/shared',
      version: shared.version ?? '1.0.0',
      digest: `d-${Object.entries(exports)
        .map(([name, sig]) => `${name}:${sig}`)
        .join(',')
        .length.toString(16)}-${Object.keys(exports).join('.')}`,
      entryPoints: { '.': { exports } },
    },
    singletons,
  };
};

export interface BuildOptions {
  /** What the build records it was built against; null: no shared-contract.json (a build from before the shared contract, docs/decisions/0003-independent-releases.md). */
  contract?: SharedContract | null;
  chunk?: string;
  /** Route list to write, or `null` for no routes.json at all, or a string for raw text. */
  routes?: RouteMeta[] | null | string;
  exposes?: string[];
  shared?: SharedRequirement[];
  /** False: the mf-manifest names an entry file that is not there. */
  entry?: boolean;
}

/** Writes what `npm run build -w <folder>` leaves in `dist/<version>/` for a remote. */
export const writeBuild = async (
  repoDir: string,
  remote: RemoteApp,
  version: string,
  {
    chunk = 'console.log(1);',
    routes,
    exposes = ['./screens'],
    shared = [REACT_SHARED],
    entry = true,
    contract,
  }: BuildOptions = {},
): Promise<string> => {
  const dir = path.join(repoDir, remote.folder, 'dist', version);
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(repoDir, remote.folder, 'package.json'), JSON.stringify({ version }));
  if (entry) await writeFile(path.join(dir, 'remoteEntry.js'), `var entry = ${JSON.stringify(version)};`);
  await writeFile(path.join(dir, 'assets', 'chunk.js'), chunk);
  await writeFile(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: remote.name,
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      exposes: exposes.map((expose) => ({ path: expose })),
      shared,
    }),
  );
  if (contract !== null) {
    await writeFile(
      path.join(dir, 'shared-contract.json'),
      JSON.stringify(contract ?? sharedContract({ name: remote.name, version })),
    );
  }
  if (routes !== null) {
    await writeFile(
      path.join(dir, 'routes.json'),
      typeof routes === 'string'
        ? routes
        : JSON.stringify(
            routes ?? [
              { path: `/${remote.namespace}`, titleKey: `${remote.namespace}:title`, public: false, keepAlive: false },
            ],
          ),
    );
  }
  return dir;
};

/** Writes the shell build's `mf-manifest.json`, which says what the live shell shares. */
export const writeShell = async (
  shellDir: string,
  shared: SharedRequirement[] = [REACT_SHARED],
  contract: SharedContract | null = sharedContract({ name: 'shell', version: '1.0.0' }),
): Promise<void> => {
  await mkdir(shellDir, { recursive: true });
  await writeFile(path.join(shellDir, 'mf-manifest.json'), JSON.stringify({ name: 'shell', shared }));
  await writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>Marketplace</title>');
  if (contract) await writeFile(path.join(shellDir, 'shared-contract.json'), JSON.stringify(contract));
};

export interface Sandbox {
  repoDir: string;
  deployDir: string;
  shellDir: string;
  store: LocalDeploymentStore;
  ctx: CommandContext;
  lines: string[];
  warnings: string[];
}

/** A temp repo (with a shell build), a temp store and a command context that records its output. */
export const sandbox = async (overrides: Partial<CommandContext> = {}): Promise<Sandbox> => {
  const repoDir = await tempDir('repo');
  const deployDir = await tempDir('deploy');
  const shellDir = path.join(repoDir, 'shell', 'dist');
  await writeShell(shellDir);
  const store = new LocalDeploymentStore(deployDir);
  const lines: string[] = [];
  const warnings: string[] = [];
  const ctx = commandContext({
    context: { repoDir, deployDir, shellDir },
    store,
    env: {},
    who: 'alice',
    host: 'test-host',
    log: (line) => lines.push(line),
    warn: (line) => warnings.push(line),
    ...overrides,
  });
  return { repoDir, deployDir, shellDir, store, ctx, lines, warnings };
};
