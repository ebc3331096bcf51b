// Builds the shell and the four remotes, each in its own rspack process as a feature team
// would, two at a time (on 2 cores that took 12 s against 18 s one at a time). Prints seconds
// per app and records them for the bench. `node tools/build-all.mjs mfe-wallet` builds one.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The operator console (console/, served at /console) and the seller centre (seller/, served at /seller)
// are built with them but are no remotes of the shell.
const APPS = ['shell', 'mfe-catalogue', 'mfe-orders', 'mfe-wallet', 'mfe-account', 'console', 'seller'];
const only = process.argv.slice(2);
const apps = only.length > 0 ? APPS.filter((app) => only.includes(app)) : APPS;
const unknown = only.filter((app) => !APPS.includes(app));
if (unknown.length > 0) {
  console.error(`Unknown app(s): ${unknown.join(', ')}. Known: ${APPS.join(', ')}`);
  process.exit(2);
}
const parallel = Math.max(1, Math.min(Number(process.env.BUILD_PARALLEL) || availableParallelism(), 2));
const rspackBin = path.join(root, 'node_modules/@rspack/cli/bin/rspack.js');

/** @param {string} app */
const build = (app) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [rspackBin, 'build', '-c', 'rspack.config.mjs'], {
      cwd: path.join(root, app),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
      const ok = code === 0;
      console.log(`${ok ? 'built ' : 'FAILED'} ${app.padEnd(14)} ${seconds.toFixed(2)} s`);
      if (!ok) console.error(output.trim());
      resolve({ app, ok, seconds });
    });
  });

const started = performance.now();
const queue = [...apps];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let app = queue.shift(); app; app = queue.shift()) results.push(await build(app));
  }),
);
const totalSeconds = Number(((performance.now() - started) / 1000).toFixed(2));
console.log(`total ${totalSeconds.toFixed(2)} s (${parallel} at a time)`);

// Timings of a partial build would read as the whole app's in the bench table.
if (apps.length === APPS.length) {
  const benchDir = path.join(root, 'var/bench');
  await mkdir(benchDir, { recursive: true });
  await writeFile(
    path.join(benchDir, 'build-times.json'),
    `${JSON.stringify(
      {
        builtAt: new Date().toISOString(),
        parallel,
        totalSeconds,
        apps: Object.fromEntries(
          APPS.flatMap((app) => results.filter((r) => r.app === app).map(({ ok, seconds }) => [app, { ok, seconds }])),
        ),
      },
      null,
      2,
    )}\n`,
  );
}
if (results.some((result) => !result.ok)) process.exit(1);
