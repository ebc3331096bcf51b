// Type-checks every workspace with its own tsconfig, two at a time (the machines have 2 cores).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const WORKSPACES = [
  'shared',
  'shell',
  'mfe-catalogue',
  'mfe-orders',
  'mfe-wallet',
  'mfe-account',
  'console',
  'seller',
  'server',
  'release',
  'e2e',
];
const PARALLEL = 2;

const check = (workspace) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', workspace, '--noEmit'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // Printed whole when done so the output of two parallel checks never interleaves.
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${workspace} (${seconds}s)\n${output}`);
      resolve(code === 0);
    });
  });

const queue = [...WORKSPACES];
const failed = [];
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
      if (!(await check(workspace))) failed.push(workspace);
    }
  }),
);

if (failed.length > 0) {
  console.error(`typecheck failed in: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`typecheck passed in ${WORKSPACES.length} workspaces`);
