// Compiles the release CLI to one JavaScript file, release/dist/cli.cjs (docs/decisions/0003-independent-releases.md): no TypeScript
// at run time, one file to load instead of ~100 modules. Runs at `npm ci` (prepare) and again on its own
// when a source file is newer than the build (bin/release.mjs). The AWS SDK stays a package the S3 store
// loads when it is used.
import { build } from 'esbuild';
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const OUTFILE = path.join(here, 'dist', 'cli.cjs');

/** Builds in memory and replaces the file by rename: a CLI starting meanwhile reads the old or the new build. */
export const buildCli = async () => {
  const result = await build({
    entryPoints: [path.join(here, 'src', 'cli.ts')],
    outfile: OUTFILE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['@aws-sdk/*'],
    // The release tool only needs the deployment manifest's schemas: the contracts' index builds every zod
    // schema of the app when it loads (~100 ms of a command). A name not in this file fails the build.
    alias: { '@marketplace/shared/contracts': path.resolve(here, '../shared/src/contracts/federation.ts') },
    legalComments: 'none',
    minify: true,
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(path.dirname(OUTFILE), { recursive: true });
  const temp = `${OUTFILE}.${randomUUID()}.tmp`;
  writeFileSync(temp, result.outputFiles[0].contents);
  renameSync(temp, OUTFILE);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
