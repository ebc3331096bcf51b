// `npm run bench`: every bench in turn (each in its own process, so one's server and browser are gone
// before the next measures), then the one combined table (tools/bench-summary.mjs). A bench that
// fails is named at the end and makes the run exit non-zero, but the table is printed whatever
// happened: its missing figures show as "not measured". `node tools/bench-all.mjs bench-pay` runs
// only the named benches (then the table).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHES = [
  'bench',
  'bench-release',
  'bench-lighthouse',
  'bench-inp',
  'bench-catalogue',
  'bench-search',
  'bench-pay',
  'bench-wallet',
  'bench-orders',
  'bench-cluster',
  'bench-scale',
];
const only = process.argv.slice(2);
const failed = [];
for (const bench of only.length > 0 ? BENCHES.filter((name) => only.includes(name)) : BENCHES) {
  console.log(
    `\n## ${bench} (load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')})\n`,
  );
  const result = spawnSync(process.execPath, [path.join(root, 'tools', `${bench}.mjs`)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(`${bench} (exit ${result.status ?? result.signal})`);
}
console.log('');
const summary = spawnSync(process.execPath, [path.join(root, 'tools/bench-summary.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (summary.status !== 0) failed.push('bench-summary');
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
