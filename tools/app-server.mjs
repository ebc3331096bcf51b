// Builds, deploys and starts the whole app in a throwaway place, for the e2e tests and the bench.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const APPS = ['shell', 'mfe-catalogue', 'mfe-orders', 'mfe-wallet', 'mfe-account'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const run = (command, args, env = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });

/** True when the shell and every remote have a build output. */
export const isBuilt = () =>
  existsSync(path.join(root, 'shell/dist/index.html')) &&
  APPS.slice(1).every(
    (app) => existsSync(path.join(root, app, 'dist')) && readdirSync(path.join(root, app, 'dist')).length > 0,
  );

export const buildAll = () => run(npm, ['run', 'build']);

/** Copies every remote's build into `deployDir` and makes it live, as `npm start` does with var/deploy. */
export const deployAll = (deployDir) =>
  run(npm, ['run', 'release', '--', 'deploy-all', '--promote'], { DEPLOY_DIR: deployDir });

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server on a free 127.0.0.1 port with a fresh data directory (new PGlite database,
 * seeded demo shopper) and waits until the API answers. `stop()` ends it and removes the data.
 */
export const startServer = async ({ deployDir, env = {}, timeoutMs = 120_000 } = {}) => {
  const port = await freePort();
  const workDir = mkdtempSync(path.join(tmpdir(), 'marketplace-run-'));
  const dataDir = path.join(workDir, 'data');
  const logFile = path.join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  const tsxCli = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  // SERVER_CPU_PROF_DIR: the server runs in this node process (tsx as a loader, not its CLI, which starts
  // a second one) with V8's profiler, and writes a .cpuprofile there when it stops.
  const profileDir = process.env.SERVER_CPU_PROF_DIR;
  const args = profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', 'src/main.ts']
    : [tsxCli, 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEPLOY_DIR: deployDir ?? path.join(root, 'var/deploy'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    // Own process group, so stop() also ends the node process tsx starts.
    detached: true,
    stdio: ['ignore', log, log],
  });
  let exited = null;
  child.on('exit', (code, signal) => (exited = signal ?? code));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited === null) {
      process.kill(-child.pid, 'SIGTERM');
      for (let waited = 0; exited === null && waited < 10_000; waited += 100) await sleep(100);
      if (exited === null) process.kill(-child.pid, 'SIGKILL');
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== null) break;
    try {
      const response = await fetch(`${url}/api/user/language_list`);
      if (response.ok) return { url, port, dataDir, logFile, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  const output = readFileSync(logFile, 'utf8').slice(-4000);
  await stop();
  throw new Error(
    `server did not answer at ${url} within ${timeoutMs / 1000}s (exit: ${exited ?? 'still running'})\n${output}`,
  );
};

/** A fresh deployment store in a temp folder; the caller removes it. */
export const tempDeployDir = () => mkdtempSync(path.join(tmpdir(), 'marketplace-deploy-'));

/** Where the shell keeps a passed human check (shell/src/verification), for tools that seed a tab with it. */
export const VERIFICATION_STORAGE_KEY = 'humanVerification';

/**
 * Passes the human check once in a puppeteer `browser`, as a shopper would (the ALTCHA checkbox on
 * `/home`), and returns the token the shell stored (JSON text), to put in other tabs' sessionStorage.
 */
export const humanVerificationToken = async (browser, baseUrl) => {
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle2' });
    const label = await page.waitForSelector("::-p-text(I'm not a robot)", { timeout: 30_000 });
    await label.click();
    await page.waitForFunction(
      (key) => sessionStorage.getItem(key) !== null,
      { timeout: 60_000 },
      VERIFICATION_STORAGE_KEY,
    );
    return await page.evaluate((key) => sessionStorage.getItem(key), VERIFICATION_STORAGE_KEY);
  } finally {
    await page.close();
  }
};
