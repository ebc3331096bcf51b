// The public surface of `@marketplace/shared` as a versioned contract (docs/decisions/0003-independent-releases.md).
//
//   node tools/shared-api.mjs check   CI (`npm test`): fails when the surface differs from the committed
//                                     report, or changed without the version bump it needs
//   node tools/shared-api.mjs update  rewrites the report; records the surface under the package's version
//                                     only when that version's bump allows the change
//
// For every TypeScript entry point in the package's `exports` (".", "./contracts", "./payment"…), tsc emits
// declarations and API Extractor (@microsoft/api-extractor) writes its API report
// (`api-report/<entry>.api.md`: every exported name with its type) and its doc model, from which each
// export's signature is hashed. `api-report/contract.json` records, for one version of the package, the
// digest of the whole surface and each export's signature hash. Against that record:
//   - same version, different surface                  refused ("bump the version");
//   - an export removed or changed                     needs a major bump;
//   - exports only added                               needs at least a minor bump.
// The build of every app copies the record into its output (shared-contract-plugin.mjs), so the release
// tool can tell which shared contract a remote was built against and which one the live shell provides.
//
// Options: --package <dir> (default shared/) works on another package, for tests.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// semver 7 as the release tool resolves it (the root's is an older major brought by other tools).
const semver = createRequire(path.join(root, 'release/package.json'))('semver');

export const REPORT_FOLDER = 'api-report';
export const CONTRACT_FILE = 'contract.json';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** `.` → `index`, `./contracts/core` → `contracts-core`: the report's file name for an entry point. */
export const reportName = (entry) => (entry === '.' ? 'index' : entry.replace(/^\.\//, '').replace(/\//g, '-'));

/** The package's TypeScript entry points: `exports` keys whose target is a `.ts`/`.tsx` file (no wildcards). */
export const typeScriptEntryPoints = (pkg) =>
  Object.entries(pkg.exports ?? {})
    .filter(([key, target]) => typeof target === 'string' && /\.tsx?$/.test(target) && !key.includes('*'))
    .map(([key, target]) => ({ entry: key, source: target }))
    .sort((a, b) => a.entry.localeCompare(b.entry));

/** An API Extractor doc-model item without what does not change its meaning (comments, file paths). */
const signatureOf = (item) =>
  JSON.stringify(item, (key, value) =>
    key === 'docComment' || key === 'fileUrlPath' || key === 'fileLine' || key === 'fileColumn' ? undefined : value,
  );

/**
 * Runs tsc (declarations only) and API Extractor for each entry point of the package in `pkgDir`.
 * @returns {{ version: string, entryPoints: Record<string, { report: string, exports: Record<string, string> }> }}
 */
export const extractSurface = (pkgDir, { log = () => {} } = {}) => {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  // Inside the repository, so the declarations resolve react, zod… from its node_modules.
  const work = path.join(root, 'var', 'shared-api', sha256(path.resolve(pkgDir)).slice(0, 12));
  rmSync(work, { recursive: true, force: true });
  const dts = path.join(work, 'dts');
  const srcDir = path.join(pkgDir, 'src');
  const tsconfig = path.join(work, 'tsconfig.json');
  mkdirSync(work, { recursive: true });
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: path.join(pkgDir, 'tsconfig.json'),
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        noEmitOnError: false,
        rootDir: srcDir,
        outDir: dts,
      },
      include: [srcDir, path.join(pkgDir, '*.d.ts')],
      exclude: [path.join(srcDir, '**/*.test.ts'), path.join(srcDir, '**/*.test.tsx')],
    }),
  );
  const started = performance.now();
  log('tsc: emitting declarations…');
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', tsconfig], { stdio: 'pipe' });
  } catch (error) {
    // Type errors are the typecheck's business; the declarations are emitted all the same. A missing one is not.
    if (!existsSync(dts)) throw new Error(`tsc emitted no declarations:\n${error.stdout}`);
  }
  log(`declarations emitted (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const { CompilerState, Extractor, ExtractorConfig } = require('@microsoft/api-extractor');
  // Ambient types for the declarations: node and jest (shared's testing entry uses jest's), none for a
  // package whose tsconfig declares `types: []` (the test fixtures: loading them is most of a small run).
  const ownTypes = readJson(path.join(pkgDir, 'tsconfig.json'))?.compilerOptions?.types;
  const ambientTypes = Array.isArray(ownTypes) && ownTypes.length === 0 ? [] : ['node', 'jest'];
  const entryPoints = {};
  const declarationsOf = ({ source }) => path.join(dts, path.relative('src', source).replace(/\.tsx?$/, '.d.ts'));
  const allDeclarations = typeScriptEntryPoints(pkg).map(declarationsOf);
  // One TypeScript program for every entry point (building it is most of API Extractor's time).
  let compilerState;
  for (const { entry, source } of typeScriptEntryPoints(pkg)) {
    const name = reportName(entry);
    const relative = path.relative(dts, declarationsOf({ source }));
    const configObject = {
      projectFolder: pkgDir,
      mainEntryPointFilePath: path.join(dts, relative),
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            module: 'ESNext',
            moduleResolution: 'Bundler',
            jsx: 'react-jsx',
            strict: true,
            esModuleInterop: true,
            skipLibCheck: true,
            types: ambientTypes,
            typeRoots: [path.join(root, 'node_modules/@types')],
          },
          files: allDeclarations,
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: name,
        reportFolder: path.join(work, 'report'),
        reportTempFolder: path.join(work, 'report-temp'),
        includeForgottenExports: true,
      },
      docModel: { enabled: true, apiJsonFilePath: path.join(work, 'model', `${name}.api.json`) },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          'ae-missing-release-tag': { logLevel: 'none' },
          // A type an export uses without exporting it: listed in the report (includeForgottenExports).
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: false },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    };
    const config = ExtractorConfig.prepare({
      configObject,
      configObjectFullPath: path.join(work, `api-extractor.${name}.json`),
      packageJsonFullPath: path.join(pkgDir, 'package.json'),
    });
    const problems = [];
    compilerState ??= CompilerState.create(config, { additionalEntryPoints: allDeclarations });
    const result = Extractor.invoke(config, {
      compilerState,
      localBuild: false,
      showVerboseMessages: false,
      messageCallback: (message) => {
        if (message.logLevel === 'error') problems.push(message.text);
        message.handled = true;
      },
    });
    if (problems.length > 0 || result.errorCount > 0) {
      throw new Error(`API Extractor failed on ${entry}:\n${problems.join('\n')}`);
    }
    const report = readFileSync(path.join(work, 'report-temp', `${name}.api.md`), 'utf8');
    const model = JSON.parse(readFileSync(path.join(work, 'model', `${name}.api.json`), 'utf8'));
    const exports = {};
    for (const item of model.members?.[0]?.members ?? []) exports[item.name] = sha256(signatureOf(item)).slice(0, 16);
    entryPoints[entry] = {
      report,
      exports: Object.fromEntries(Object.entries(exports).sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    log(`${entry}: ${Object.keys(exports).length} exports (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  rmSync(work, { recursive: true, force: true });
  return { version: pkg.version, entryPoints };
};

/** The digest of a whole surface: every entry point's exports and their signatures. */
export const surfaceDigest = (entryPoints) =>
  sha256(
    JSON.stringify(
      Object.keys(entryPoints)
        .sort()
        .map((entry) => [entry, entryPoints[entry].exports]),
    ),
  ).slice(0, 16);

/** What `contract.json` holds: the version, the digest and each entry point's exports with their signatures. */
export const contractRecord = (surface) => ({
  package: '@marketplace/shared',
  version: surface.version,
  digest: surfaceDigest(surface.entryPoints),
  generatedBy: `@microsoft/api-extractor ${require('@microsoft/api-extractor/package.json').version}`,
  entryPoints: Object.fromEntries(
    Object.entries(surface.entryPoints).map(([entry, { exports }]) => [entry, { exports }]),
  ),
});

/**
 * How `current` differs from `recorded` (both `{ entryPoints: { [entry]: { exports } } }`), first differences first:
 * removed and changed exports (incompatible) and added ones (compatible). Names read `<entry> <name>`.
 */
export const diffSurfaces = (recorded, current) => {
  const removed = [];
  const changed = [];
  const added = [];
  const entries = [...new Set([...Object.keys(recorded.entryPoints), ...Object.keys(current.entryPoints)])].sort();
  for (const entry of entries) {
    const before = recorded.entryPoints[entry]?.exports;
    const after = current.entryPoints[entry]?.exports;
    const label = (name) =>
      `${entry === '.' ? '@marketplace/shared' : `@marketplace/shared/${entry.slice(2)}`} ${name}`;
    for (const name of Object.keys(before ?? {}).sort()) {
      if (!after || !(name in after)) removed.push(label(name));
      else if (after[name] !== before[name]) changed.push(label(name));
    }
    for (const name of Object.keys(after ?? {}).sort()) if (!before || !(name in before)) added.push(label(name));
  }
  return { removed, changed, added };
};

/** The bump a difference needs: 'major', 'minor' or null (none). */
export const requiredBump = ({ removed, changed, added }) =>
  removed.length + changed.length > 0 ? 'major' : added.length > 0 ? 'minor' : null;

/** Whether going from `from` to `to` is at least `bump`. */
export const bumpAllows = (from, to, bump) => {
  if (!semver.valid(from) || !semver.valid(to) || !semver.gt(to, from)) return bump === null && from === to;
  if (bump === 'major') return semver.major(to) > semver.major(from);
  if (bump === 'minor') return semver.major(to) > semver.major(from) || semver.minor(to) > semver.minor(from);
  return true;
};

const describeDiff = ({ removed, changed, added }) =>
  [
    ...removed.map((name) => `  - removed: ${name}`),
    ...changed.map((name) => `  - changed: ${name}`),
    ...added.map((name) => `  - added:   ${name}`),
  ].join('\n');

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/**
 * Compares a package's surface with its committed report and record.
 * @returns {{ ok: boolean, problems: string[], surface: ReturnType<typeof extractSurface>, record: object | null }}
 */
export const checkPackage = (pkgDir, options = {}) => {
  const surface = options.surface ?? extractSurface(pkgDir, options);
  const reportDir = path.join(pkgDir, REPORT_FOLDER);
  const problems = [];
  const stale = Object.entries(surface.entryPoints)
    .filter(([entry, { report }]) => readTextOrNull(path.join(reportDir, `${reportName(entry)}.api.md`)) !== report)
    .map(([entry]) => `${REPORT_FOLDER}/${reportName(entry)}.api.md`);
  if (stale.length > 0) {
    problems.push(
      `The public surface of @marketplace/shared differs from its committed API report (${stale.join(', ')}). ` +
        'Review the change and run: npm run shared:api -- update',
    );
  }
  const record = readJson(path.join(reportDir, CONTRACT_FILE));
  if (!record) {
    problems.push(`${REPORT_FOLDER}/${CONTRACT_FILE} is missing: run npm run shared:api -- update`);
    return { ok: false, problems, surface, record };
  }
  const diff = diffSurfaces(record, surface);
  const bump = requiredBump(diff);
  if (surface.version === record.version) {
    if (bump) {
      problems.push(
        `The surface of @marketplace/shared ${record.version} changed since that version was recorded, and ` +
          `shared/package.json still says ${surface.version}: this change needs a ${bump} version bump.\n${describeDiff(diff)}`,
      );
    }
  } else if (!bumpAllows(record.version, surface.version, bump)) {
    problems.push(
      `@marketplace/shared goes from ${record.version} to ${surface.version}, but ` +
        (bump ? `its surface change needs a ${bump} bump:\n${describeDiff(diff)}` : 'a version must only go up'),
    );
  } else {
    problems.push(
      `@marketplace/shared ${surface.version} is not recorded yet (${REPORT_FOLDER}/${CONTRACT_FILE} records ` +
        `${record.version}): run npm run shared:api -- update`,
    );
  }
  return { ok: problems.length === 0, problems, surface, record, diff };
};

function readTextOrNull(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Writes the API reports, and the record when the version allows the change (see the top of the file). */
export const updatePackage = (pkgDir, options = {}) => {
  const surface = extractSurface(pkgDir, options);
  const reportDir = path.join(pkgDir, REPORT_FOLDER);
  mkdirSync(reportDir, { recursive: true });
  for (const [entry, { report }] of Object.entries(surface.entryPoints)) {
    writeFileSync(path.join(reportDir, `${reportName(entry)}.api.md`), report);
  }
  const record = readJson(path.join(reportDir, CONTRACT_FILE));
  const diff = record ? diffSurfaces(record, surface) : { removed: [], changed: [], added: [] };
  const bump = requiredBump(diff);
  const allowed =
    !record || (record.version === surface.version ? bump === null : bumpAllows(record.version, surface.version, bump));
  if (allowed)
    writeFileSync(path.join(reportDir, CONTRACT_FILE), `${JSON.stringify(contractRecord(surface), null, 2)}\n`);
  return { allowed, bump, diff, record, surface };
};

const main = (argv) => {
  const [command, ...rest] = argv;
  const at = rest.indexOf('--package');
  const pkgDir = path.resolve(at >= 0 ? rest[at + 1] : path.join(root, 'shared'));
  const log = (line) => console.error(`shared-api: ${line}`);
  if (command === 'check') {
    const { ok, problems, surface } = checkPackage(pkgDir, { log });
    if (!ok) {
      console.error(problems.map((problem) => `shared-api: ${problem}`).join('\n'));
      return 1;
    }
    console.log(
      `shared-api: @marketplace/shared ${surface.version} matches its API report ` +
        `(${Object.keys(surface.entryPoints).length} entry points, digest ${surfaceDigest(surface.entryPoints)})`,
    );
    return 0;
  }
  if (command === 'update') {
    const { allowed, bump, diff, record, surface } = updatePackage(pkgDir, { log });
    if (!allowed) {
      console.error(
        `shared-api: API reports written, but ${surface.version} is not recorded: the change since ` +
          `${record.version} needs a ${bump} bump of shared/package.json.\n${describeDiff(diff)}`,
      );
      return 1;
    }
    console.log(
      `shared-api: recorded @marketplace/shared ${surface.version} (digest ${surfaceDigest(surface.entryPoints)})`,
    );
    return 0;
  }
  console.error('Usage: node tools/shared-api.mjs check|update [--package <dir>]');
  return 2;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));
