// Records what an app was built against (docs/decisions/0003-independent-releases.md): `shared-contract.json` beside
// mf-manifest.json, read by the release tool's contract check (release/src/contract-check.ts).
//   app        the app's federation name and version
//   shared     the @marketplace/shared version, its surface digest and each export's signature hash,
//              as its committed API report records them (shared/api-report/contract.json, kept
//              true by `npm run shared:api -- check` in CI)
//   singletons the installed versions of the other shared singletons
//   links      (remotes) the app paths its code links to: every string or template literal that starts
//              with `/` and a letter, up to its first `${`; the release tool checks that each path another
//              remote routes still exists in that remote's next version; a call of the shared links module
//              (`links.shop(id)`, shared/src/links.ts) counts as the literal its builder writes (`/shop/:param`)
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PLUGIN = 'SharedContractPlugin';
export const SHARED_CONTRACT_FILE = 'shared-contract.json';

/** The shared singletons whose versions are part of the contract. */
export const CONTRACT_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'i18next',
  'react-i18next',
  'antd-mobile',
];

const LINK = /['"`](\/[A-Za-z][\w\-/]*)(\$\{)?/g;
const LINKS_MODULE = fileURLToPath(new URL('../src/links.ts', import.meta.url));
/** `name: link('pattern', (args) => built)` in the links module: the name and the builder's text. */
const LINK_BUILDER = /^ {2}(\w+): link\(\s*'[^']*',\s*([\s\S]*?)\),$/gm;
const LINK_CALL = /\blinks\.(\w+)\b/g;

/** The path a literal links to (`/orderInfo/` + `${id}` as `/orderInfo/:param`). */
const linkOf = (literal, dynamic) =>
  dynamic && literal.endsWith('/') ? `${literal}:param` : literal.replace(/(.)\/$/, '$1');

/** Each builder of the shared links module by name, to the paths its text writes. */
const linkBuilders = () => {
  const builders = new Map();
  for (const [, name, body] of readFileSync(LINKS_MODULE, 'utf8').matchAll(LINK_BUILDER)) {
    builders.set(
      name,
      [...body.matchAll(LINK)].map(([, literal, dynamic]) => linkOf(literal, dynamic)),
    );
  }
  return builders;
};

/**
 * App paths the source files below `sourceDir` link to (tests left out), sorted: `/orderInfo/` + `${id}`
 * is recorded as `/orderInfo/:param`.
 * @param {string} sourceDir
 * @returns {string[]}
 */
export const linkedPaths = (sourceDir) => {
  const found = new Set();
  const builders = linkBuilders();
  for (const entry of readdirSync(sourceDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(tsx?|jsx?)$/.test(entry.name) || /\.test\./.test(entry.name)) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, literal, dynamic] of text.matchAll(LINK)) found.add(linkOf(literal, dynamic));
    for (const [, name] of text.matchAll(LINK_CALL)) for (const linked of builders.get(name) ?? []) found.add(linked);
  }
  return [...found].sort();
};

/**
 * @param {{ sharedDir: string, name: string, version: string, sourceDir?: string }} options
 * @returns {object} the record
 */
export const sharedContractRecord = ({ sharedDir, name, version, sourceDir }) => {
  const requireFromShared = createRequire(path.join(sharedDir, 'package.json'));
  const reportFile = path.join(sharedDir, 'api-report', 'contract.json');
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const pkg = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));
  return {
    app: { name, version },
    shared: {
      name: '@marketplace/shared',
      version: pkg.version,
      // The report's version differs only while a bump is not recorded yet (CI fails then).
      reportVersion: report.version,
      digest: report.digest,
      entryPoints: report.entryPoints,
    },
    singletons: Object.fromEntries(
      CONTRACT_SINGLETONS.map((singleton) => [singleton, requireFromShared(`${singleton}/package.json`).version]),
    ),
    ...(sourceDir ? { links: linkedPaths(sourceDir) } : {}),
  };
};

export class SharedContractPlugin {
  /** @param {{ sharedDir: string, name: string, version: string, sourceDir?: string }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.fileDependencies.add(path.join(this.options.sharedDir, 'api-report', 'contract.json'));
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        let record;
        try {
          record = sharedContractRecord(this.options);
        } catch (error) {
          compilation.errors.push(
            new WebpackError(
              `${PLUGIN}: cannot read the shared API report (npm run shared:api -- update): ${error.message}`,
            ),
          );
          return;
        }
        compilation.emitAsset(SHARED_CONTRACT_FILE, new sources.RawSource(`${JSON.stringify(record)}\n`));
      });
    });
  }
}
