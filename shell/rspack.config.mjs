import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createAppConfig } from '@marketplace/shared/federation';
import { addHeadTags, generateServiceWorker, writeWebAppManifests } from './service-worker/build.mjs';

const dir = dirname(fileURLToPath(import.meta.url));
const appConfig = createAppConfig({ kind: 'host', dir, name: 'shell', folder: 'shell' });

/**
 * Installable and offline (docs/decisions/0005-installable-offline.md), after everything else is written: the icons (public/), the web
 * app manifests, their head tags in index.html and, for a production build, the service worker that
 * lists the files of this build.
 */
class InstallableAppPlugin {
  constructor({ serviceWorker, version }) {
    this.serviceWorker = serviceWorker;
    this.version = version;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('InstallableAppPlugin', async () => {
      const distDir = compiler.options.output.path;
      await writeWebAppManifests(distDir);
      const page = join(distDir, 'index.html');
      writeFileSync(page, addHeadTags(readFileSync(page, 'utf8')));
      if (this.serviceWorker) await generateServiceWorker({ distDir, version: this.version });
    });
  }
}

/** Workbox's window library (with the worker's registration) and web-vitals (the field-health reporter) load after the first screen. */
const LOADED_AFTER_FIRST_SCREEN = /[\\/]node_modules[\\/](workbox-window|web-vitals)[\\/]/;

const keepOutOfStartup = (config) => {
  const startup = config.optimization?.splitChunks?.cacheGroups?.startup;
  if (!startup || typeof startup.test !== 'function') return;
  const test = startup.test;
  startup.test = (module, ...rest) => !LOADED_AFTER_FIRST_SCREEN.test(module.resource ?? '') && test(module, ...rest);
};

export default (env = {}, argv = {}) => {
  const config = appConfig(env, argv);
  keepOutOfStartup(config);
  const serving = Boolean(env.RSPACK_SERVE || process.env.RSPACK_SERVE || process.env.WEBPACK_SERVE);
  const version = process.env.VERSION || JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  config.plugins.push(
    new rspack.CopyRspackPlugin({ patterns: [{ from: join(dir, 'public'), to: '.' }] }),
    new InstallableAppPlugin({ serviceWorker: config.mode === 'production' && !serving, version }),
  );
  return config;
};
