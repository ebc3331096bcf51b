/**
 * What the release specs share: the release CLI run as a release manager would, on a deployment store,
 * and a static unit's build copied into a checkout with its version marked in its index.html.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from './fixtures';

const run = promisify(execFile);

/**
 * The command line of `npm run release -- <args>` in the checkout `root`: the node entry that script ends in
 * (release/bin/release.mjs, which compiles the CLI when its sources are newer), run without the two npm
 * processes in front of it that took most of a call's time. The CLI finds its checkout from its own path, so
 * the working directory does not matter.
 */
export const releaseCommand = (root: string, args: readonly string[]): [string, string[]] => [
  process.execPath,
  [path.join(root, 'release', 'bin', 'release.mjs'), ...args],
];

/**
 * The release CLI (`npm run release -- <args>`) in the checkout `root` on the deployment store `deployDir`
 * (`env` over the process's); answers the CLI's standard output, and rejects with its output when it fails.
 */
export const releaseCli =
  (root: string, deployDir: string, env: Record<string, string> = {}) =>
  async (...args: string[]): Promise<string> =>
    (await run(...releaseCommand(root, args), { cwd: root, env: { ...process.env, DEPLOY_DIR: deployDir, ...env } }))
      .stdout;

/** The `<meta>` a marked build's index.html carries: `shell-release`, `console-release`. */
const markName = (unit: string) => `${unit}-release`;

/**
 * Copies `root`'s `<unit>/dist` into the checkout `repoDir` (replacing what was there), its index.html marked
 * with `version`, so a served page tells which deployed copy it came from.
 */
const markBuild = (root: string, repoDir: string, unit: 'shell' | 'console', version: string): void => {
  const dir = path.join(repoDir, unit, 'dist');
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(root, unit, 'dist'), dir, { recursive: true });
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  writeFileSync(
    path.join(dir, 'index.html'),
    html.replace('</title>', `</title><meta name="${markName(unit)}" content="${version}">`),
  );
};

/** A store and a checkout of a static unit's release spec (see `withUnitStore`). */
interface UnitStore {
  app: typeof import('../tools/app-server.mjs');
  deployDir: string;
  /** The release CLI on `deployDir`, taking its builds from the store's own checkout. */
  release(...args: string[]): Promise<string>;
  /**
   * Two versions of the unit, each deployed from a copy of the current build marked with it (see `markBuild`):
   * `first` made live, `second` deployed but not live yet.
   */
  deployMarkedVersions(first: string, second: string): Promise<void>;
}

/**
 * A new deployment store and a checkout of their own for releasing the static `unit` (`env` over the release
 * CLI's environment): `use` runs with them, then both are removed.
 */
export const withUnitStore = async (
  unit: 'shell' | 'console',
  env: Record<string, string>,
  use: (store: UnitStore) => Promise<void>,
): Promise<void> => {
  const app = await import('../tools/app-server.mjs');
  const deployDir = app.tempDeployDir();
  const repoDir = mkdtempSync(path.join(tmpdir(), `e2e-${unit}-release-`));
  const release = releaseCli(app.root, deployDir, { ...env, RELEASE_REPO_DIR: repoDir });
  const deployMarkedVersions = async (first: string, second: string) => {
    markBuild(app.root, repoDir, unit, first);
    await release('deploy', unit, '--version', first);
    await release('promote', unit, first);
    markBuild(app.root, repoDir, unit, second);
    await release('deploy', unit, '--version', second);
  };
  try {
    await use({ app, deployDir, release, deployMarkedVersions });
  } finally {
    rmSync(deployDir, { recursive: true, force: true });
    rmSync(repoDir, { recursive: true, force: true });
  }
};

/** The version a served page of `unit` was marked with by `markBuild`; `embedded` when none. */
export const markedVersion = (html: string, unit: 'shell' | 'console'): string =>
  new RegExp(`<meta name="${markName(unit)}" content="([^"]+)">`).exec(html)?.[1] ?? 'embedded';

/**
 * Builds `app` (`mfe-wallet`, …) in the checkout `root` as `version` (VERSION), under the machine's build
 * lock: builds of one app by two people at once clash on its dist folder.
 */
export const buildVersion = async (root: string, app: string, version: string): Promise<void> => {
  await run('flock', ['/tmp/build.lock', process.execPath, 'tools/build-all.mjs', app], {
    cwd: root,
    env: { ...process.env, VERSION: version },
  });
};

/** A server of a release spec's own: its URL, its deployment store, the checkout and the release CLI on the store. */
interface ReleaseServer {
  url: string;
  deployDir: string;
  root: string;
  /** The release CLI (`npm run release -- <args>`) against this server's store. */
  release(...args: string[]): Promise<string>;
}

interface ReleaseServerOptions {
  /** May break some of the extra builds, given their folders in the order of `versions`. */
  spoil?: (versionDirs: string[]) => void;
  /** The server's environment over the process's (by default the sign-in limit raised for many sign-ins). */
  serverEnv?: Record<string, string>;
}

/**
 * A release spec's own server on its own deployment store (every unit deployed from the current build, as the
 * global setup does), with `app` also built as each of `versions`. `use` runs with it; then the server stops
 * and the store and the extra builds are removed.
 */
export const releaseServer = async (
  app: string,
  versions: readonly string[],
  use: (server: ReleaseServer) => Promise<void>,
  { spoil, serverEnv = { AUTH_RATE_LIMIT_MAX: '1000' } }: ReleaseServerOptions = {},
): Promise<void> => {
  const appServer = await import('../tools/app-server.mjs');
  const versionDirs = versions.map((version) => path.join(appServer.root, app, 'dist', version));
  for (const version of versions) await buildVersion(appServer.root, app, version);
  spoil?.(versionDirs);
  const deployDir = appServer.tempDeployDir();
  await appServer.deployAll(deployDir);
  const server = await appServer.startServer({ deployDir, env: serverEnv });
  try {
    await use({ url: server.url, deployDir, root: appServer.root, release: releaseCli(appServer.root, deployDir) });
  } finally {
    await server.stop();
    rmSync(deployDir, { recursive: true, force: true });
    for (const dir of versionDirs) rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * The fixtures' `test` with `releaseEnv`, one release server per worker (see `releaseServer`: `app` also built
 * as each of `versions`, `spoil` run on those builds), and the pages' base URL on it.
 */
export const testWithReleaseServer = (
  app: string,
  versions: readonly string[],
  spoil?: (versionDirs: string[]) => void,
) =>
  test.extend<object, { releaseEnv: ReleaseServer }>({
    releaseEnv: [
      // Playwright reads the fixtures a function needs from its destructuring pattern; this one needs none.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => releaseServer(app, versions, use, { spoil }),
      { scope: 'worker', timeout: 300_000 },
    ],
    baseURL: async ({ releaseEnv }, use) => use(releaseEnv.url),
  });
