// Adds `<link rel="preload">` to the shell's index.html for the chunks its start-up always needs (the
// bootstrap and the libraries it imports): without them the browser learns of these files only after
// main.js has downloaded and run, one more round trip on the first screen's critical path. Only named
// chunks are preloaded; on-demand chunks (ALTCHA widget, language files, remotes) are not.
import { rspack } from '@rspack/core';

const PLUGIN = 'StartupPreloadPlugin';

export class StartupPreloadPlugin {
  /** @param {{ chunks: string[] }} options names of the chunks to preload */
  constructor({ chunks }) {
    this.chunks = chunks;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise(PLUGIN, async (data) => {
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
        return { ...data, headTags: [...data.headTags, ...links] };
      });
    });
  }
}
