// Publishes a remote's route metadata beside mf-manifest.json, so the shell learns which
// remote owns a path before loading any remote code. Checked here with plain JS (same rules
// as `routeMetaListSchema` in contracts) because a bad file would break routing at run time.
import { readFileSync } from 'node:fs';

const PLUGIN = 'RoutesJsonPlugin';

/**
 * @param {unknown} routes
 * @returns {string[]} problems, empty when the list is valid
 */
export const checkRouteMetaList = (routes) => {
  if (!Array.isArray(routes)) return ['routes.json must be an array of route metadata'];
  const problems = [];
  const seen = new Set();
  routes.forEach((route, index) => {
    const at = `routes.json[${index}]`;
    if (typeof route !== 'object' || route === null) {
      problems.push(`${at} must be an object`);
      return;
    }
    const { path, titleKey, public: isPublic, keepAlive } = route;
    if (typeof path !== 'string' || !path.startsWith('/')) problems.push(`${at}.path must be a string starting with /`);
    if (typeof titleKey !== 'string' || titleKey.length === 0)
      problems.push(`${at}.titleKey must be a non-empty string`);
    if (typeof isPublic !== 'boolean') problems.push(`${at}.public must be a boolean`);
    if (typeof keepAlive !== 'boolean') problems.push(`${at}.keepAlive must be a boolean`);
    if (seen.has(path)) problems.push(`${at}.path ${path} is listed twice`);
    seen.add(path);
  });
  return problems;
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
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        let routes;
        try {
          routes = JSON.parse(readFileSync(this.source, 'utf8'));
        } catch (error) {
          compilation.errors.push(new WebpackError(`${PLUGIN}: cannot read ${this.source}: ${error.message}`));
          return;
        }
        const problems = checkRouteMetaList(routes);
        if (problems.length > 0) {
          compilation.errors.push(new WebpackError(`${PLUGIN}: ${this.source}\n  ${problems.join('\n  ')}`));
          return;
        }
        compilation.emitAsset('routes.json', new sources.RawSource(`${JSON.stringify(routes, null, 2)}\n`));
      });
    });
  }
}
