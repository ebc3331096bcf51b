import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-catalogue', 'mfe-orders', 'mfe-wallet', 'mfe-account'];
const FRONT_ENDS = ['shared', 'shell', ...REMOTES, 'console', 'seller'];
const CODE = '**/*.{ts,tsx,mts,cts,js,mjs,cjs}';

/**
 * Import boundaries (README, "Import boundaries"; a remote never imports another remote or the shell;
 * shared imports no app; the server imports only shared's contracts). Each folder gets ONE
 * `no-restricted-imports` setting because a later flat-config block replaces a rule's options
 * instead of merging them. Relative patterns only look at paths that climb out with `../`, so
 * a folder's own relative imports stay allowed.
 */
const restrict = (...patterns) => ['error', { patterns }];
const ban = (regex, message) => ({ regex, message });

/** The server's bans; its tests may also set up a deployment store with the release tool itself. */
const serverBans = (releaseAllowed) => [
  ban(
    '^@marketplace/shared(?!/contracts(/|$))(/|$)',
    'The server may import only @marketplace/shared/contracts (pure zod/TS), not the client entry or other subpaths.',
  ),
  ban(
    '^(\\.\\./)+shared(?!/src/contracts(/|$))(/|$)',
    'The server may import only shared/src/contracts, not other parts of shared.',
  ),
  ban('^@marketplace/(shell|e2e|mfe-[^/]+)(/|$)', 'The server must not import a front-end app or the e2e tests.'),
  ban(
    releaseAllowed ? '^@marketplace/release(?!/src/)(/|$)' : '^@marketplace/release(?!/src/api$)(/|$)',
    'The server imports the release tool only through @marketplace/release/src/api (the console release page).',
  ),
  ban(
    '^(\\.\\./)+(shell|release|e2e|mfe-[^/]+)(/|$)',
    'The server must not reach into a front-end app by a relative path.',
  ),
];

/** import-x's TypeScript settings (extensions, parsers), with the resolver given below in its newer form. */
const { 'import-x/resolver': _legacyResolver, ...importSettings } = importX.flatConfigs.typescript.settings;

const boundaries = [
  ...REMOTES.map((remote) => ({
    name: `boundaries/${remote}`,
    files: [`${remote}/${CODE}`],
    rules: {
      'no-restricted-imports': restrict(
        ban(
          '^@marketplace/(shell|server|release|e2e|mfe-[^/]+)(/|$)',
          'A remote imports only @marketplace/shared and its own src; never another remote, the shell or the server.',
        ),
        ban(
          '^(\\.\\./)+(shell|server|release|e2e|mfe-[^/]+)(/|$)',
          'A remote must not reach into another remote, the shell or the server by a relative path.',
        ),
      ),
    },
  })),
  {
    name: 'boundaries/shared',
    files: [`shared/${CODE}`],
    rules: {
      'no-restricted-imports': restrict(
        ban(
          '^@marketplace/(shell|server|release|e2e|mfe-[^/]+)(/|$)',
          'shared is a library: it must not import any app (shell, remotes, server, release, e2e).',
        ),
        ban(
          '^(\\.\\./)+(shell|server|release|e2e|mfe-[^/]+)(/|$)',
          'shared is a library: it must not reach into any app by a relative path.',
        ),
      ),
    },
  },
  {
    name: 'boundaries/server',
    files: [`server/${CODE}`],
    rules: { 'no-restricted-imports': restrict(...serverBans(false)) },
  },
  {
    name: 'boundaries/server-tests',
    files: ['server/test/**/*.ts', 'server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(...serverBans(true)) },
  },
];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/var/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'server/src/db/migrations/',
  ]),
  { files: [CODE], extends: [js.configs.recommended, tseslint.configs.recommended] },
  {
    files: [CODE],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: FRONT_ENDS.map((folder) => `${folder}/src/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'tools/jest/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  // CommonJS files (jest helpers, the i18n key extractor) are loaded with require by design.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  ...boundaries,
  // Comments cite docs/requirements.md ("requirements §2.3"), never sections of a document outside the repository.
  {
    name: 'comments-stand-alone',
    files: [CODE],
    rules: {
      'no-warning-comments': [
        'error',
        {
          terms: ['spec section', 'spec sections', 'spec §', 'DESIGN section', 'DESIGN.md section'],
          location: 'anywhere',
        },
      ],
    },
  },
  /**
   * Features of one remote meet only through each feature's public file (docs/decisions/0004-one-composition-root.md): code under
   * `src/features/<a>/` imports another feature's `src/features/<b>/index.ts` (`'../../b'`), never a module
   * inside it; files beside the feature folders (`src/features/screen-ready.ts`) are shared by all.
   */
  {
    name: 'feature-boundaries',
    files: REMOTES.map((remote) => `${remote}/src/features/**/${CODE}`),
    plugins: { 'import-x': importX },
    settings: {
      ...importSettings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: REMOTES.flatMap((remote) =>
            readdirSync(`${import.meta.dirname}/${remote}/src/features`, { withFileTypes: true })
              .filter((entry) => entry.isDirectory())
              .map(({ name }) => ({
                target: `${remote}/src/features/${name}/**`,
                from: `${remote}/src/features/*/**`,
                except: [
                  `**/${remote}/src/features/${name}/**`,
                  `**/${remote}/src/features/*/index.ts`,
                  // A feature's stylesheet may be shared: CSS has no module surface to hide.
                  `**/${remote}/src/features/**/*.css`,
                ],
                message: `Import another feature through its public file (src/features/<feature>/index.ts).`,
              })),
          ),
        },
      ],
    },
  },
  /**
   * No import circles (docs/decisions/0004-one-composition-root.md): a module never reaches itself again through its imports, dynamic
   * `import()` included. `import type` is erased at build time and does not count. Packages under
   * node_modules are not followed (`ignoreExternal`); workspaces resolve through each one's tsconfig.
   */
  {
    name: 'no-import-circles',
    files: [CODE],
    plugins: { 'import-x': importX },
    settings: {
      ...importSettings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
]);
