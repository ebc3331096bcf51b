#!/usr/bin/env node
// `npm run release`: runs the compiled CLI (dist/cli.cjs), compiling it first when it is missing or older
// than a source file (release/src, or shared's contracts it bundles), so a checkout never runs stale code.
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const release = path.resolve(here, '..');
const outfile = path.join(release, 'dist', 'cli.cjs');
const SOURCES = [path.join(release, 'src'), path.resolve(release, '../shared/src/contracts')];

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

const newestSource = () => {
  let newest = 0;
  for (const dir of SOURCES) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        newest = Math.max(newest, mtime(path.join(entry.parentPath, entry.name)));
      }
    }
  }
  return newest;
};

if (mtime(outfile) < newestSource()) await (await import('../build.mjs')).buildCli();
const require = createRequire(import.meta.url);
// V8's compiled code for the bundle, kept between runs (most of a command's time was compiling it).
require('v8-compile-cache');
require(outfile);
