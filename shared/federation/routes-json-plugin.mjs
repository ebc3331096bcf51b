// Publishes a remote's route metadata beside mf-manifest.json, so the shell learns which remote owns
// a path (its title, guard, tab and history rule) before loading any remote code. The source is the
// remote's route module (`src/expose/routes.ts`, its `routes` export): each route's metadata without
// its screen, checked with the contracts' zod schema (`routeModuleSchema`, the one route schema) —
// a bad file would break routing at run time. A `.json` source is published as it is, checked the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJiti } from 'jiti';

const PLUGIN = 'RoutesJsonPlugin';
const CONTRACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/contracts/federation.ts');

/** TypeScript loaded in Node.js, afresh each time (no module cache), so a watching build sees edits. */
const jiti = createJiti(import.meta.url, { moduleCache: false });
/**
 * A TypeScript module's exports, for build code that Node runs without TypeScript.
 * @param {string} file
 * @returns {Promise<any>}
 */
export const loadTypeScript = (file) => jiti.import(file);
const load = loadTypeScript;

/**
 * The route list a source holds: a `.json` file's content, or a route module's `routes` export with
 * each route's `screen` left out.
 * @param {string} source
 * @returns {Promise<unknown>}
 */
export const readRouteSource = async (source) => {
  if (source.endsWith('.json')) return JSON.parse(readFileSync(source, 'utf8'));
  const { routes } = await load(source);
  if (!Array.isArray(routes)) return routes;
  return routes.map((route) => {
    if (typeof route !== 'object' || route === null) return route;
    const { screen: _screen, ...meta } = route;
    return meta;
  });
};

/**
 * The problems of a route list as routes.json would publish it, empty when it is valid.
 * @param {unknown} routes
 * @returns {Promise<string[]>}
 */
export const checkRouteMetaList = async (routes) => {
  const { routeModuleSchema } = await load(CONTRACTS);
  const parsed = routeModuleSchema.safeParse(routes);
  if (parsed.success) return [];
  return parsed.error.issues.map(
    (issue) => `routes${issue.path.map((key) => `[${JSON.stringify(key)}]`).join('')}: ${issue.message}`,
  );
};

/**
 * The routes.json text of a route source (see `readRouteSource`); throws with every problem when invalid.
 * @param {string} source
 */
export const routesJsonOf = async (source) => {
  const routes = await readRouteSource(source);
  const problems = await checkRouteMetaList(routes);
  if (problems.length > 0) throw new Error(problems.join('\n  '));
  return `${JSON.stringify(routes, null, 2)}\n`;
};

export class RoutesJsonPlugin {
  /** @param {{ source: string }} options */
  constructor({ source }) {
    this.source = source;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.fileDependencies.add(this.source);
      compilation.hooks.processAssets.tapPromise(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          try {
            compilation.emitAsset('routes.json', new sources.RawSource(await routesJsonOf(this.source)));
          } catch (error) {
            compilation.errors.push(new WebpackError(`${PLUGIN}: ${this.source}\n  ${error.message}`));
          }
        },
      );
    });
  }
}
