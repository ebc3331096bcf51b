/**
 * What the release specs share: the release CLI run as a release manager would, on a deployment store,
 * and a static unit's build copied into a checkout with its version marked in its index.html.
 */
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `npm run release -- <args>` in the checkout `root` on the deployment store `deployDir` (`env` over the
 * process's); answers the CLI's standard output, and rejects with its output when it fails.
 */
export const releaseCli =
  (root: string, deployDir: string, env: Record<string, string> = {}) =>
  async (...args: string[]): Promise<string> =>
    (
      await run('npm', ['run', 'release', '--silent', '--', ...args], {
        cwd: root,
        env: { ...process.env, DEPLOY_DIR: deployDir, ...env },
      })
    ).stdout;

/** The `<meta>` a marked build's index.html carries: `shell-release`, `console-release`. */
const markName = (unit: string) => `${unit}-release`;

/**
 * Copies `root`'s `<unit>/dist` into the checkout `repoDir` (replacing what was there), its index.html marked
 * with `version`, so a served page tells which deployed copy it came from.
 */
export const markBuild = (root: string, repoDir: string, unit: 'shell' | 'console', version: string): void => {
  const dir = path.join(repoDir, unit, 'dist');
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(root, unit, 'dist'), dir, { recursive: true });
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  writeFileSync(
    path.join(dir, 'index.html'),
    html.replace('</title>', `</title><meta name="${markName(unit)}" content="${version}">`),
  );
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

/** A server of a release spec's own: its URL and the release CLI on its deployment store. */
interface ReleaseServer {
  url: string;
  release(...args: string[]): Promise<string>;
}

/**
 * A release spec's own server on its own deployment store (every unit deployed from the current build, as the
 * global setup does), with `app` also built as each of `versions` (`spoil` may then break some of those
 * builds, given their folders in order). `use` runs with it; then the server stops and the store and the
 * extra builds are removed.
 */
export const releaseServer = async (
  app: string,
  versions: readonly string[],
  use: (server: ReleaseServer) => Promise<void>,
  spoil?: (versionDirs: string[]) => void,
): Promise<void> => {
  const appServer = await import('../tools/app-server.mjs');
  const versionDirs = versions.map((version) => path.join(appServer.root, app, 'dist', version));
  for (const version of versions) await buildVersion(appServer.root, app, version);
  spoil?.(versionDirs);
  const deployDir = appServer.tempDeployDir();
  await appServer.deployAll(deployDir);
  const server = await appServer.startServer({ deployDir, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  try {
    await use({ url: server.url, release: releaseCli(appServer.root, deployDir) });
  } finally {
    await server.stop();
    rmSync(deployDir, { recursive: true, force: true });
    for (const dir of versionDirs) rmSync(dir, { recursive: true, force: true });
  }
};
