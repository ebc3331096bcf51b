// Emits an app's language files as static JSON assets, `locales-<hash8>/<namespace>/<code>.json`,
// fetched by URL at run time (shared/src/i18n/locale-files.ts). No per-language entry reaches the
// JavaScript: a template `import()` of the files made one chunk per language, a key-to-chunk map and
// a content hash per chunk in the runtime, so first-load JS grew with every language added.
// `hash8` is one hash over all the app's files: a changed translation moves them to a new folder,
// so the server can cache every file under it as immutable.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PLUGIN = 'LocaleAssetsPlugin';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The one table of namespaces, their files and the 34 languages (also used by the i18n gate and e2e).
const { REMOTE_FOLDERS, localeFile, readLanguages } = createRequire(import.meta.url)('../../tools/i18n-keys.cjs');

/**
 * An app's namespaces: `common` and `errors` for every app (each build carries a copy of the shared
 * package, and whichever copy runs reads its own build's files) and a remote's own.
 * @param {string} folder workspace folder, e.g. `mfe-wallet` or `shell`
 */
export const appNamespaces = (folder) => [
  'common',
  'errors',
  ...Object.entries(REMOTE_FOLDERS)
    .filter(([, remoteFolder]) => remoteFolder === folder)
    .map(([ns]) => ns),
];

/** The 34 codes of the contract; only these are emitted (and only these reach a URL at run time). */
const languageCodes = () =>
  readLanguages(readFileSync(path.join(root, 'shared/src/contracts/languages.ts'), 'utf8')).map(({ code }) => code);

/**
 * Every language file of `namespaces` present on disk, minified (they are read, never shown).
 * @param {readonly string[]} namespaces
 * @returns {{ name: string; file: string; json: string }[]} `name` relative to the locales folder
 */
export const readLocaleFiles = (namespaces) =>
  namespaces.flatMap((ns) =>
    languageCodes().flatMap((code) => {
      const file = path.join(root, localeFile(ns, code));
      if (!existsSync(file)) return [];
      return [{ name: `${ns}/${code}.json`, file, json: JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))) }];
    }),
  );

/** `locales-<hash8>`: one hash over the names and contents of all the files. */
export const localesFolder = (files) => {
  const hash = createHash('sha256');
  for (const { name, json } of files) hash.update(`${name}\0${json}\0`);
  return `locales-${hash.digest('hex').slice(0, 8)}`;
};

export class LocaleAssetsPlugin {
  /** @param {{ folder: string }} options the app's workspace folder (see `appNamespaces`) */
  constructor({ folder }) {
    this.namespaces = appNamespaces(folder);
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, DefinePlugin, sources, WebpackError } = compiler.webpack;
    // The folder is fixed when the build starts (DefinePlugin values are); under `rspack serve` an
    // edited file is emitted again into the same folder, which the dev server never caches.
    const folder = localesFolder(readLocaleFiles(this.namespaces));
    new DefinePlugin({ 'process.env.LOCALES_DIR': JSON.stringify(folder) }).apply(compiler);

    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        let files;
        try {
          files = readLocaleFiles(this.namespaces);
        } catch (error) {
          compilation.errors.push(new WebpackError(`${PLUGIN}: ${error.message}`));
          return;
        }
        for (const { name, file, json } of files) {
          compilation.fileDependencies.add(file);
          compilation.emitAsset(`${folder}/${name}`, new sources.RawSource(json), { immutable: true });
        }
      });
    });
  }
}
