// The one Rspack + Module Federation config for the shell and every remote, so the shared
// singleton list and the build rules live in a single place (requirements §11).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { LocaleAssetsPlugin } from './locale-assets-plugin.mjs';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { RoutesJsonPlugin } from './routes-json-plugin.mjs';
import { SharedContractPlugin } from './shared-contract-plugin.mjs';
import { STARTUP_PRELOADS_MARKER, StartupPreloadPlugin } from './startup-preload-plugin.mjs';
import { firstPaintTags } from './first-paint-template.mjs';

export { loadTypeScript } from './routes-json-plugin.mjs';

const sharedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromShared = createRequire(path.join(sharedDir, 'package.json'));

/**
 * Singletons shared by the host and every remote. Subpaths need their own key: the bare
 * package key does not cover them (prototype finding).
 * @type {ReadonlyArray<[request: string, packageName: string]>}
 */
export const SHARED_SINGLETONS = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react/jsx-dev-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react-redux', 'react-redux'],
  ['@reduxjs/toolkit', '@reduxjs/toolkit'],
  ['@reduxjs/toolkit/query', '@reduxjs/toolkit'],
  ['@reduxjs/toolkit/query/react', '@reduxjs/toolkit'],
  ['i18next', 'i18next'],
  // The shared package: a start-up entry and entries that load with the screens using them.
  ['@marketplace/shared', '@marketplace/shared'],
  ['@marketplace/shared/contracts', '@marketplace/shared'],
  ['@marketplace/shared/payment', '@marketplace/shared'],
  ['@marketplace/shared/upload', '@marketplace/shared'],
];

/** @param {string} packageName */
const installedVersion = (packageName) => {
  if (packageName === '@marketplace/shared') {
    return JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8')).version;
  }
  return requireFromShared(`${packageName}/package.json`).version;
};

/**
 * antd-mobile is shared per component, not whole (the whole library is ~145 KB gzip and a page
 * uses a handful of components): `import { Button } from 'antd-mobile'` is rewritten to
 * `antd-mobile/es/components/button` (see ANTD_TRANSFORM_IMPORT) and that path prefix is one
 * shared singleton per component. The library's own cross-component state is shared by file too,
 * so every component of every area reads the shell's ConfigProvider (locale) and render hook.
 */
const ANTD_COMPONENTS_PREFIX = 'antd-mobile/es/components/';
const antdDir = () => path.dirname(requireFromShared.resolve('antd-mobile/package.json'));
/** Files inside antd-mobile that components import relatively and that hold state. */
const ANTD_STATEFUL_FILES = [
  ['es/components/config-provider/index.js', 'antd-mobile/es/components/config-provider'],
  ['es/components/config-provider/config-provider.js', 'antd-mobile/es/components/config-provider/config-provider'],
  ['es/utils/unstable-render.js', 'antd-mobile/es/utils/unstable-render'],
];

/**
 * Named imports of antd-mobile that are no component (the React 19 render hook, the default
 * configuration's setter): their rewritten paths are aliased to files that re-export them (the
 * template has no conditionals).
 */
const ANTD_RENDER_HOOK_ALIAS = {
  [`${ANTD_COMPONENTS_PREFIX}unstable-set-render$`]: fileURLToPath(
    new URL('./antd-unstable-set-render.mjs', import.meta.url),
  ),
  [`${ANTD_COMPONENTS_PREFIX}set-default-config$`]: fileURLToPath(
    new URL('./antd-set-default-config.mjs', import.meta.url),
  ),
};

/**
 * antd-mobile's ErrorBlock with its four pictures loaded when one first shows (see the file); the
 * file reaches the component's own parts through `antd-mobile-error-block/`, a path no shared
 * prefix matches.
 */
const ANTD_ERROR_BLOCK_ALIAS = {
  [`${ANTD_COMPONENTS_PREFIX}error-block$`]: fileURLToPath(new URL('./antd-error-block.mjs', import.meta.url)),
  'antd-mobile-error-block': path.join(antdDir(), 'es/components/error-block'),
};

/**
 * antd-mobile's English texts: the apps import the CommonJS file (jest runs it); the bundle takes the
 * ES module, which shares its base texts with the default (zh-CN) locale instead of a CommonJS copy.
 */
const ANTD_LOCALE_ALIAS = {
  'antd-mobile/cjs/locales/en-US$': path.join(antdDir(), 'es/locales/en-US.js'),
};

/**
 * antd-mobile's default configuration starts in Chinese (config-provider.js imports its zh-CN texts) until the
 * shell's UiKitLocale sets the shopper's texts over the English ones (shell/src/app/providers.tsx); the
 * default starts with those English texts instead, and the Chinese file is not downloaded.
 */
const antdDefaultLocaleToEnglish = () =>
  new rspack.NormalModuleReplacementPlugin(/^\.\.\/\.\.\/locales\/zh-CN$/, (resource) => {
    if (/[\\/]antd-mobile[\\/]es[\\/]components[\\/]config-provider$/.test(resource.context ?? '')) {
      resource.request = path.join(antdDir(), 'es/locales/en-US.js');
    }
  });

/**
 * Code no first screen runs, kept out of 'startup-libs' (see splitChunks below) and downloaded when
 * needed: react-spring and @use-gesture (the animations and the drag of antd-mobile's Toast, Mask,
 * Tabs, PullToRefresh, Popup…), those components themselves, List (the lists of the Explore and
 * account screens and of the shell's diagnostics page, none of them Home), ErrorBlock's pictures, and
 * the shared package's `*.lazy.ts(x)` files, which hold such components for the screens that show them.
 */
const LOADED_WHEN_NEEDED = [
  /[\\/]node_modules[\\/]altcha/,
  /[\\/]node_modules[\\/]@react-spring[\\/]/,
  /[\\/]node_modules[\\/]@use-gesture[\\/]/,
  /[\\/]antd-mobile[\\/]es[\\/]components[\\/](toast|mask|tabs|pull-to-refresh|spin-loading|popup|list)[\\/]/,
  /[\\/]antd-mobile[\\/]es[\\/]components[\\/](error-block[\\/]images|auto-center)[\\/]/,
  // antd-mobile helpers that only those components use (the shell's module graph, November 2026): one
  // a start-up component comes to need travels in its own small chunk.
  /[\\/]antd-mobile[\\/]es[\\/]utils[\\/](use-lock-scroll|render-imperatively|render-to-body|render-to-container|get-container|use-touch|with-stop-propagation|use-initialized|reduce-and-restore-motion|convert-px|rubberband|supports-passive|sleep|bound|should-render|use-mutation-effect|use-resize-effect)\.js$/,
  /[\\/]node_modules[\\/](rc-util[\\/]lib[\\/]hooks[\\/]useId|@babel[\\/]runtime[\\/]helpers[\\/])/,
  // Toast's success and failure icons, and List's arrow.
  /[\\/]antd-mobile-icons[\\/]es[\\/](CheckOutline|CloseOutline|RightOutline)\.js$/,
  /\.lazy\.tsx?$/,
];

/** babel-plugin-import rule for builtin:swc-loader: named antd-mobile imports become per-component imports. */
export const ANTD_TRANSFORM_IMPORT = [
  {
    libraryName: 'antd-mobile',
    customName: `${ANTD_COMPONENTS_PREFIX}{{ kebabCase member }}`,
    transformToDefaultImport: true,
  },
];

/** A remote's route module as the browser gets it: `path` and `screen` of each route (see the file). */
const ROUTE_SCREENS_LOADER = fileURLToPath(new URL('./route-screens-loader.mjs', import.meta.url));

/** The client API of react-router, provided as the shared `react-router-dom` (see the file). */
const ROUTER_CLIENT = fileURLToPath(new URL('./react-router-client.mjs', import.meta.url));
/** The part of react-i18next the apps use, provided as the shared `react-i18next` (see the file). */
const I18NEXT_REACT_CLIENT = fileURLToPath(new URL('./react-i18next-client.mjs', import.meta.url));

/**
 * What a consumer asks of a shared module's version. A remote asks for its own major (a singleton
 * that does not satisfy it is warned about in the console, for the feature team). The host asks
 * nothing: it is the first container on the page and provides every singleton, so with the
 * `loaded-first` strategy what it gets is always its own copy, and checking its own version against
 * its own range cost the start-up ~50 ms of semver parsing on a 4x slowed phone for no answer.
 * @param {boolean} host
 * @param {string} version
 * @returns {string | false}
 */
const requiredVersionOf = (host, version) => (host ? false : `^${version}`);

/**
 * @param {{ host?: boolean }} [options] `host`: the shell's build (see requiredVersionOf)
 * @returns {Record<string, import('@module-federation/enhanced/rspack').ModuleFederationPluginOptions['shared']>}
 */
export const sharedConfig = ({ host = false } = {}) => {
  const antdVersion = installedVersion('antd-mobile');
  const antd = {
    singleton: true,
    requiredVersion: requiredVersionOf(host, antdVersion),
    version: antdVersion,
    eager: false,
  };
  return {
    ...Object.fromEntries(
      SHARED_SINGLETONS.map(([request, packageName]) => {
        const version = installedVersion(packageName);
        return [request, { singleton: true, requiredVersion: requiredVersionOf(host, version), version, eager: false }];
      }),
    ),
    // Apps import the router only as `react-router-dom`; its shared copy is the client half of react-router.
    'react-router-dom': {
      singleton: true,
      requiredVersion: requiredVersionOf(host, installedVersion('react-router-dom')),
      version: installedVersion('react-router-dom'),
      eager: false,
      import: ROUTER_CLIENT,
    },
    'react-i18next': {
      singleton: true,
      requiredVersion: requiredVersionOf(host, installedVersion('react-i18next')),
      version: installedVersion('react-i18next'),
      eager: false,
      import: I18NEXT_REACT_CLIENT,
    },
    [ANTD_COMPONENTS_PREFIX]: antd,
    ...Object.fromEntries(
      ANTD_STATEFUL_FILES.map(([file, shareKey]) => [path.join(antdDir(), file), { ...antd, shareKey }]),
    ),
  };
};

/**
 * react-router 7.18 resolves its development build in production bundles
 * (remix-run/react-router#14102); point it at the production files instead.
 * @param {boolean} production
 */
const routerAliases = (production) => {
  if (!production) return {};
  const routerDir = path.dirname(requireFromShared.resolve('react-router/package.json'));
  return {
    'react-router$': path.join(routerDir, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(routerDir, 'dist/production/dom-export.mjs'),
  };
};

/**
 * Library files a browser of the build targets never runs: the ResizeObserver polyfill, and
 * antd-mobile's pre-React-19 default renderer (see each file).
 */
const UNUSED_LIBRARY_ALIASES = {
  'resize-observer-polyfill$': fileURLToPath(new URL('./native-resize-observer.mjs', import.meta.url)),
  'rc-util/lib/React/render$': fileURLToPath(new URL('./antd-legacy-render.mjs', import.meta.url)),
};

/**
 * The Module Federation runtime as ES modules: the plugin's generated runtime entry `require`s its
 * packages by their CommonJS files' paths, and CommonJS is neither tree-shaken nor scope-hoisted. Each
 * such path is aliased to the package's ES build (MF_RUNTIME_RESOLVE_ESM covers the requires from there on).
 */
const mfRuntimeEsm = () =>
  Object.fromEntries(
    [
      'webpack-bundler-runtime',
      'runtime',
      'runtime-core',
      'sdk',
      'error-codes',
      'inject-external-runtime-core-plugin',
    ].map((name) => {
      // Their package.json is not exported: the package folder is the one above the CommonJS entry's dist/.
      const cjsEntry = requireFromShared.resolve(`@module-federation/${name}`);
      const dir = path.resolve(path.dirname(cjsEntry), '..');
      const entry = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).exports['.'].import.default;
      return [`${cjsEntry}$`, path.join(dir, entry)];
    }),
  );

/**
 * Requires made from inside the runtime's own files (its packages import each other, also by
 * subpaths such as `@module-federation/runtime/core`) resolve to the ES module builds as well: each
 * CommonJS file crossing into another package went through a helper copying every export onto a new
 * object at start-up (~25 ms of main.js's evaluation at 4x CPU).
 */
const MF_RUNTIME_RESOLVE_ESM = {
  test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
  resolve: { conditionNames: ['import', 'module', 'browser', 'default'] },
};

/** `npm run dev` ports, fixed so they never take the API's 8080 that the dev servers proxy to. */
const DEV_PORTS = { shell: 3000, 'mfe-catalogue': 3001, 'mfe-orders': 3002, 'mfe-wallet': 3003, 'mfe-account': 3004 };

/**
 * @typedef {object} AppOptions
 * @property {'host' | 'remote'} kind
 * @property {string} dir absolute folder of the app (the folder holding rspack.config.mjs)
 * @property {string} name federation container name, e.g. `mfe_wallet` or `shell`
 * @property {string} folder workspace folder, e.g. `mfe-wallet`
 */

/**
 * Version of a remote build: `VERSION` from the environment, else the remote's package.json.
 * @param {string} dir
 */
export const appVersion = (dir) =>
  process.env.VERSION || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

/**
 * @param {AppOptions} options
 * @returns {(env: Record<string, unknown>, argv: { mode?: string }) => import('@rspack/core').Configuration}
 */
export const createAppConfig =
  ({ kind, dir, name, folder }) =>
  (env = {}, argv = {}) => {
    const serving = Boolean(env.RSPACK_SERVE || process.env.RSPACK_SERVE || process.env.WEBPACK_SERVE);
    const mode = argv.mode === 'development' || (!argv.mode && serving) ? 'development' : 'production';
    const production = mode === 'production';
    const remote = kind === 'remote';
    const version = appVersion(dir);
    const hash = production ? '.[contenthash:8]' : '';
    // The shell's first paint (Home's hot products before any bundle runs), see first-paint-template.mjs.
    const firstPaint = remote ? '' : firstPaintTags(dir);

    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'cheap-module-source-map',
      target: 'web',
      output: {
        path: remote ? path.join(dir, 'dist', version) : path.join(dir, 'dist'),
        publicPath: remote ? 'auto' : '/',
        // Two versions of one remote on a page must not share a chunk-loading global.
        uniqueName: remote ? `${name}_${version.replace(/[^a-zA-Z0-9]/g, '_')}` : name,
        filename: `[name]${hash}.js`,
        chunkFilename: `[name]${hash}.js`,
        cssFilename: `[name]${hash}.css`,
        cssChunkFilename: `[name]${hash}.css`,
        assetModuleFilename: `assets/[name]${hash}[ext]`,
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'],
        // Workspace packages are symlinks; compile them from their real path like own code.
        symlinks: true,
        alias: {
          ...routerAliases(production),
          ...ANTD_RENDER_HOOK_ALIAS,
          ...ANTD_ERROR_BLOCK_ALIAS,
          ...ANTD_LOCALE_ALIAS,
          ...UNUSED_LIBRARY_ALIASES,
          ...(production ? mfRuntimeEsm() : {}),
        },
      },
      module: {
        // A name missing from a shared facade (react-router-client.mjs) is a build error, not undefined at run time.
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              transformImport: ANTD_TRANSFORM_IMPORT,
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
              },
              env: { targets: 'chrome >= 100, safari >= 15, firefox >= 100' },
            },
            type: 'javascript/auto',
          },
          ...(remote
            ? [{ test: path.join(dir, 'src/expose/routes.ts'), enforce: 'pre', loader: ROUTE_SCREENS_LOADER }]
            : []),
          ...(production ? [MF_RUNTIME_RESOLVE_ESM] : []),
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/, type: 'asset' },
        ],
      },
      optimization: {
        minimize: production && !process.env.NO_MINIFY,
        // The shell's start-up needs every library it provides (its bootstrap imports them all), so
        // they travel as one file instead of ~40: on a phone network each request costs a round trip
        // and a browser opens few connections per origin. Lazily loaded parts keep their own chunks
        // (the ALTCHA widget, LOADED_WHEN_NEEDED, and language files: one chunk per language, loaded on demand).
        splitChunks:
          production && !remote
            ? {
                cacheGroups: {
                  startup: {
                    // Libraries, the shared package's code (not its per-language JSON files) and the
                    // facades in this folder that stand in for library files (react-router's and
                    // react-i18next's client halves, antd-mobile's render hooks): each of those was a
                    // chunk of 1-2 KB of its own, fetched one round trip after the libraries, and as
                    // the start takes its libraries one per task (staged-start.ts), one more trip each.
                    test: (module) => {
                      const file = module.resource ?? '';
                      if (LOADED_WHEN_NEEDED.some((pattern) => pattern.test(file))) return false;
                      // The Module Federation runtime runs in main.js: two tiny modules of it in this chunk
                      // made the whole chunk one of the page's own scripts, downloaded and compiled before
                      // main.js ran and before the first-paint script's screen was on screen.
                      if (/[\\/]node_modules[\\/]@module-federation[\\/]/.test(file)) return false;
                      if (/[\\/]node_modules[\\/]/.test(file)) return true;
                      if (file.startsWith(path.join(sharedDir, 'federation') + path.sep)) return true;
                      return file.startsWith(path.join(sharedDir, 'src') + path.sep) && !file.endsWith('.json');
                    },
                    name: 'startup-libs',
                    chunks: 'all',
                    enforce: true,
                  },
                },
              }
            : undefined,
      },
      performance: { hints: false },
      plugins: [
        // The build's version, shown by the app (diagnostics, the wallet's footer).
        new rspack.DefinePlugin({ 'process.env.APP_VERSION': JSON.stringify(version) }),
        antdDefaultLocaleToEnglish(),
        new ModuleFederationPlugin({
          name,
          ...(remote
            ? { filename: 'remoteEntry.js', exposes: { './screens': './src/expose/screens.ts' } }
            : { remotes: {} }),
          shared: sharedConfig({ host: !remote }),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // The shell carries the one MF runtime; production remotes use it instead of bundling
          // their own copy (halves each remoteEntry.js). A remote served alone keeps its own.
          experiments: {
            ...(remote ? { externalRuntime: production && !serving } : { provideExternalRuntime: true }),
            // Browser only: the runtime's Node.js script loading is left out. The snapshot plugin stays
            // (disableSnapshot would drop it): remotes are registered by their mf-manifest.json.
            optimization: { target: 'web' },
          },
        }),
        // Language files as static JSON fetched by URL (process.env.LOCALES_DIR), none of them in the JS.
        new LocaleAssetsPlugin({ folder }),
        remote && new RoutesJsonPlugin({ source: path.join(dir, 'src/expose/routes.ts') }),
        // What the app was built against (shared's version and surface, the singletons' versions), for the release tool.
        new SharedContractPlugin({ sharedDir, name, version, ...(remote ? { sourceDir: path.join(dir, 'src') } : {}) }),
        production &&
          !remote &&
          new StartupPreloadPlugin({ chunks: ['startup-libs', 'bootstrap'], deferScripts: firstPaint !== '' }),
        production && !serving && new PrecompressPlugin(),
        (!remote || serving) &&
          new rspack.HtmlRspackPlugin({
            title: remote ? `Marketplace – ${folder}` : 'Marketplace',
            chunks: ['main'],
            meta: {
              viewport: 'width=device-width, initial-scale=1, viewport-fit=cover',
            },
            templateContent: ({ htmlRspackPlugin }) => {
              return (
                `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>${htmlRspackPlugin.options.title}</title>` +
                // The shell's start-up fetches the deployment manifest (DEPLOYMENT_MANIFEST_PATH) before
                // anything else can start: the browser requests it while it parses the page.
                (remote
                  ? ''
                  : '<link rel="preload" href="/mfe/manifest.json" as="fetch" crossorigin="anonymous" data-deployment-manifest />') +
                // The start-up scripts' preloads, which the first-paint script adds (startup-preload-plugin.mjs).
                (firstPaint && production ? STARTUP_PRELOADS_MARKER : '') +
                firstPaint +
                '</head>' +
                '<body><noscript>Marketplace needs JavaScript. Please enable it to shop.</noscript><div id="root"></div></body></html>'
              );
            },
          }),
      ].filter(Boolean),
      devServer: {
        port: DEV_PORTS[folder] ?? 'auto',
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/mfe'], target: process.env.API_ORIGIN || 'http://localhost:8080' }],
      },
    };
  };
