import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * One composition root (docs/decisions/0004-one-composition-root.md): modules.ts lists every module of the server. This scan fails
 * when a module's routes are registered anywhere else (a module wiring other modules, as the five
 * `*.register.ts` files did), when a routes plugin is registered by nobody, or when a `*.register.ts` file
 * comes back. A module may keep a factory of its own parts (`telemetry.module.ts`), called from modules.ts.
 */

const src = __dirname;
const modulesDir = path.join(src, 'modules');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');
const files = sourceFiles(src).map((file) => ({ file: relative(file), text: readFileSync(file, 'utf8') }));
const root = files.find(({ file }) => file === 'modules.ts')!.text;

/** Every routes plugin a module exports, with the file that defines it. */
const routePlugins = files.flatMap(({ file, text }) =>
  [...text.matchAll(/export const (\w+Routes) = async/g)].map((match) => ({ name: match[1]!, file })),
);

/** The files that register `name` (`.register(name,`). */
const registrarsOf = (name: string) =>
  files.filter(({ text }) => new RegExp(`\\.register\\(\\s*${name}\\b`).test(text)).map(({ file }) => file);

/** A module's own factory (`<module>/<name>.module.ts`) whose export modules.ts calls. */
const ownFactoryCalledByRoot = (registrar: string, definedIn: string) => {
  if (!/^modules\/[^/]+\/[^/]+\.module\.ts$/.test(registrar)) return false;
  if (path.posix.dirname(registrar) !== path.posix.dirname(definedIn)) return false;
  const exported = files.find(({ file }) => file === registrar)!.text.match(/export const (\w+) = async/)?.[1];
  return Boolean(exported && new RegExp(`await ${exported}\\(`).test(root));
};

describe('one composition root', () => {
  it('finds the routes plugins it checks', () => {
    expect(routePlugins.length).toBeGreaterThan(20);
    expect(routePlugins.map(({ name }) => name)).toEqual(expect.arrayContaining(['userRoutes', 'walletRoutes']));
  });

  it('every routes plugin is registered once, by modules.ts (or its own module factory that modules.ts calls)', () => {
    const misplaced = routePlugins
      .map(({ name, file }) => ({ name, registrars: registrarsOf(name), file }))
      .filter(
        ({ registrars, file }) =>
          registrars.length !== 1 || !(registrars[0] === 'modules.ts' || ownFactoryCalledByRoot(registrars[0]!, file)),
      )
      .map(({ name, registrars }) => `${name}: ${registrars.join(', ') || 'registered nowhere'}`);
    expect(misplaced).toEqual([]);
  });

  it('no module imports another module’s routes, and no *.register.ts file is left', () => {
    const crossImports = files
      .filter(({ file }) => file.startsWith('modules/'))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/from '\.\.\/([\w-]+)\/[\w.-]+\.routes'/g)].map((match) => `${file} imports ${match[1]}`),
      );
    expect(crossImports).toEqual([]);
    expect(sourceFiles(modulesDir).filter((file) => file.endsWith('.register.ts'))).toEqual([]);
  });
});
