// Adds `<link rel="preload">` to the shell's index.html for the chunks its start-up always needs (the
// bootstrap and the libraries it imports): without them the browser learns of these files only after
// main.js has downloaded and run, one more round trip on the first screen's critical path. Only named
// chunks are preloaded; on-demand chunks (ALTCHA widget, language files, remotes) are not.
//
// Where the page has a first paint (`deferScripts`; the page template puts STARTUP_PRELOADS_MARKER
// before the first-paint script), the scripts' preloads are not in the page but in a <template> the first-paint script
// adds to the head once its first screen is drawn, or at once when it draws none: the first row of
// pictures then downloads alone instead of sharing a phone's bandwidth with ~150 KB of libraries that
// nothing runs before the pictures are on screen (index.ts waits for them).
import { rspack } from '@rspack/core';

const PLUGIN = 'StartupPreloadPlugin';
/** The id of the template the first-paint script reads (first-paint.inline.js). */
const STARTUP_PRELOADS_TEMPLATE_ID = 'startup-preloads';
/** Put in the head by the page template where that template belongs; filled here. */
export const STARTUP_PRELOADS_MARKER = `<template id="${STARTUP_PRELOADS_TEMPLATE_ID}"></template>`;
/** The marker as it comes out of the HTML plugin's minifier. */
const MARKER_PATTERN = new RegExp(`<template id="?${STARTUP_PRELOADS_TEMPLATE_ID}"?></template>`);

/** @param {{ tagName: string, attributes: Record<string, string> }} tag */
const linkHtml = ({ attributes }) =>
  `<link ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ')}>`;

export class StartupPreloadPlugin {
  /**
   * @param {{ chunks: string[], deferScripts?: boolean }} options `chunks`: names of the chunks to
   * preload; `deferScripts`: the page's first-paint script adds the scripts' preloads (see above)
   */
  constructor({ chunks, deferScripts = false }) {
    this.chunks = chunks;
    this.deferScripts = deferScripts;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      const hooks = rspack.HtmlRspackPlugin.getCompilationHooks(compilation);
      /** @type {Array<{ tagName: string, attributes: Record<string, string> }>} */
      let deferred = [];
      hooks.alterAssetTagGroups.tapPromise(PLUGIN, async (data) => {
        const files = this.chunks.flatMap((name) => {
          const chunk = compilation.namedChunks.get(name);
          if (!chunk) throw new Error(`${PLUGIN}: no chunk named ${name}`);
          return [...chunk.files];
        });
        const publicPath = data.publicPath ?? '';
        const links = files
          .filter((file) => /\.(js|css)$/.test(file))
          .sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')))
          .map((file) => ({
            tagName: 'link',
            voidTag: true,
            attributes: {
              rel: 'preload',
              href: `${publicPath}${file}`,
              as: file.endsWith('.css') ? 'style' : 'script',
            },
          }));
        deferred = this.deferScripts ? links.filter((link) => link.attributes.as === 'script') : [];
        return { ...data, headTags: [...data.headTags, ...links.filter((link) => !deferred.includes(link))] };
      });
      hooks.beforeEmit.tapPromise(PLUGIN, async (data) => {
        if (!this.deferScripts) return data;
        if (!MARKER_PATTERN.test(data.html)) throw new Error(`${PLUGIN}: the page has no ${STARTUP_PRELOADS_MARKER}`);
        const template = `<template id="${STARTUP_PRELOADS_TEMPLATE_ID}">${deferred.map(linkHtml).join('')}</template>`;
        return { ...data, html: data.html.replace(MARKER_PATTERN, () => template) };
      });
    });
  }
}
