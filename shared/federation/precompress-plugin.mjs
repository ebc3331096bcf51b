// Writes `<file>.br` and `<file>.gz` beside every content-hashed script, style sheet and JSON file
// (language files too: their folder is hashed) of a production build, so the server sends them as
// they are (@fastify/static `preCompressed`) instead of compressing the same bytes again for every
// browser: maximum brotli quality costs nothing at request time, and the first screen's bytes are
// what a phone network waits for.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|json|html|svg)$/;
/**
 * Only content-hashed files (`main.3f9a1c2b.js`): their bytes never change under their name. An
 * unhashed entry point (remoteEntry.js, mf-manifest.json, index.html) can be rebuilt in place, and a
 * copy left from before would be served instead of the new file; the server compresses those itself.
 */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** A file inside a content-hashed folder (`locales-3f9a1c2b/common/en.json`, LocaleAssetsPlugin). */
const IN_HASHED_FOLDER = /(?:^|\/)[a-z]+-[0-9a-f]{8}\//i;
/** Below this a compressed copy saves no round trip (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024;

export class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      await Promise.all(
        compilation
          .getAssets()
          .filter(({ name }) => COMPRESSIBLE.test(name) && (HASHED.test(name) || IN_HASHED_FOLDER.test(name)))
          .map(async ({ name, source }) => {
            const buffer = source.buffer();
            if (buffer.length < MIN_BYTES) return;
            const file = path.join(outputPath, name);
            const [br, gz] = await Promise.all([
              brotli(buffer, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
                },
              }),
              gzip(buffer, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    });
  }
}
