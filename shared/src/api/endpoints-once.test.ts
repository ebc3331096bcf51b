import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Each endpoint of the one RTK Query slice is defined once in the whole app (docs/decisions/0004-one-composition-root.md). A second
 * `injectEndpoints` of a name used to be dropped in silence ("whichever loads first wins"); now every call
 * passes ENDPOINTS_DEFINED_ONCE, so a second definition throws while developing and in tests, and this
 * file fails on one in any area's sources, loaded or not.
 */

const root = path.resolve(__dirname, '../../..');
/** The areas on the shared slice (the console has a client of its own). */
const AREAS = ['shared', 'shell', 'mfe-catalogue', 'mfe-orders', 'mfe-wallet', 'mfe-account'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The text of each `injectEndpoints(…)` call's argument, by matching brackets (comments left out). */
const injectCalls = (text: string): string[] => {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const calls: string[] = [];
  for (const match of source.matchAll(/\.injectEndpoints\(/g)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    while (depth > 0 && end < source.length) {
      const char = source[end++];
      if (char === '(' || char === '{' || char === '[') depth++;
      else if (char === ')' || char === '}' || char === ']') depth--;
    }
    calls.push(source.slice(start, end - 1));
  }
  return calls;
};

/** The endpoint names a call defines: `name: build.query…`, `.mutation…`, `.infiniteQuery…`. */
const definedNames = (call: string): string[] =>
  [...call.matchAll(/['"]?(\w+)['"]?\s*:\s*build\s*\.\s*(?:query|mutation|infiniteQuery)\b/g)].map((m) => m[1]!);

interface Definition {
  name: string;
  file: string;
}

const scan = (files: { file: string; source: string }[]) => {
  const definitions: Definition[] = [];
  const withoutGuard: string[] = [];
  for (const { file, source } of files) {
    for (const call of injectCalls(source)) {
      if (!/\boverrideExisting\s*:\s*ENDPOINTS_DEFINED_ONCE\b/.test(call)) withoutGuard.push(file);
      definitions.push(...definedNames(call).map((name) => ({ name, file })));
    }
  }
  const byName = new Map<string, string[]>();
  for (const { name, file } of definitions) byName.set(name, [...(byName.get(name) ?? []), file]);
  const duplicates = [...byName].filter(([, where]) => where.length > 1).map(([name, where]) => ({ name, where }));
  return { definitions, duplicates, withoutGuard };
};

const repositoryFiles = AREAS.flatMap((area) => sourceFiles(path.join(root, area, 'src'))).map((full) => ({
  file: path.relative(root, full),
  source: readFileSync(full, 'utf8'),
}));
const apiModules = repositoryFiles.filter(({ source }) => injectCalls(source).length > 0);

/*
 * Every area's api modules, loaded into one fresh slice the way a page that visited every area holds them.
 * Loaded while the tests are collected: Testing Library (which the test kit's probe endpoint imports)
 * registers its hooks when it is first required, and cannot from inside a test.
 */
type ApiModule = typeof import('./api');
let together: { slice?: ApiModule; error?: unknown } = {};
jest.isolateModules(() => {
  try {
    /* eslint-disable @typescript-eslint/no-require-imports -- the modules the scan found, by path */
    const slice = require('./api') as ApiModule;
    for (const { file } of apiModules) require(path.join(root, file));
    /* eslint-enable @typescript-eslint/no-require-imports */
    together = { slice };
  } catch (error) {
    together = { error };
  }
});

describe('each endpoint is defined once', () => {
  it('finds the calls in every area that defines endpoints (the shell only uses shared ones)', () => {
    const areas = new Set(apiModules.map(({ file }) => file.split(path.sep)[0]));
    expect([...areas].sort()).toEqual(AREAS.filter((area) => area !== 'shell').sort());
    expect(scan(apiModules).definitions.length).toBeGreaterThan(70);
  });

  it('no endpoint name is defined twice in the sources', () => {
    expect(scan(apiModules).duplicates).toEqual([]);
  });

  it('every injectEndpoints call passes ENDPOINTS_DEFINED_ONCE', () => {
    expect(scan(apiModules).withoutGuard).toEqual([]);
  });

  it('the scan reports a name defined in two files, and a call without the guard', () => {
    const first = `export const a = api.injectEndpoints({\n  overrideExisting: ENDPOINTS_DEFINED_ONCE,\n  endpoints: (build) => ({\n    getUserInfo: build.query<UserInfo, void>({ query: () => '/user/getUserInfo' }),\n  }),\n});`;
    const second = `export const b = api.injectEndpoints({\n  endpoints: (build) => {\n    const x = { y: [1] };\n    return { 'getUserInfo': build\n      .query<UserInfo, void>({ query: () => '/x' }) };\n  },\n});`;
    const { duplicates, withoutGuard } = scan([
      { file: 'a.ts', source: first },
      { file: 'b.ts', source: second },
    ]);
    expect(duplicates).toEqual([{ name: 'getUserInfo', where: ['a.ts', 'b.ts'] }]);
    expect(withoutGuard).toEqual(['b.ts']);
  });

  it("every area's endpoints load together into the one slice, and a second definition throws", () => {
    expect(together.error).toBeUndefined();
    const { api, ENDPOINTS_DEFINED_ONCE } = together.slice!;
    expect(Object.keys(api.endpoints).sort()).toEqual(
      scan(apiModules)
        .definitions.map(({ name }) => name)
        .sort(),
    );
    expect(ENDPOINTS_DEFINED_ONCE).toBe('throw');
    expect(() =>
      api.injectEndpoints({
        overrideExisting: ENDPOINTS_DEFINED_ONCE,
        endpoints: (build) => ({ getUserInfo: build.query<unknown, void>({ query: () => '/user/getUserInfo' }) }),
      }),
    ).toThrow(/getUserInfo/);
  });
});
