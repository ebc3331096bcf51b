import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { TestApp } from './harness';
import { staticAppForFile } from './static-files.helpers';

let t: TestApp;
/**
 * A built chunk and what PrecompressPlugin writes beside it. Each copy holds other text than the plain
 * file, so only the copy itself, never the plain file compressed on the fly, can be the answer.
 */
const CHUNK = `var big = '${'remote '.repeat(1000)}';`;
const CHUNK_BR = `${CHUNK} // the .br copy`;
const CHUNK_GZ = `${CHUNK} // the .gz copy`;
const WALLET = 'deploy/mfe-wallet/1.0.0';
staticAppForFile(
  {
    'shell/index.html': '<!doctype html><div id="root"></div>',
    'shell/assets/main.3f9a1c2b.js': 'console.log(1)',
    'shell/assets/vendor.0a1b2c3d.js': `export const words = '${'marketplace '.repeat(2000)}';`,
    // Language files (LocaleAssetsPlugin): unhashed names inside a content-hashed folder.
    'shell/locales-0a1b2c3d/common/en.json': '{"ok":"OK"}',
    'shell/locales/en.json': '{"ok":"OK"}',
    [`${WALLET}/locales-4e5f6a7b/wallet/de.json`]: '{"a":"b"}',
    'deploy/manifest.json': '{"updatedAt":"x","remotes":{}}',
    [`${WALLET}/mf-manifest.json`]: '{}',
    [`${WALLET}/remoteEntry.js`]: 'var x;',
    [`${WALLET}/screens.1a2b3c4d.js`]: 'var y;',
    [`${WALLET}/big.5e6f7a8b.js`]: CHUNK,
    [`${WALLET}/big.5e6f7a8b.js.br`]: brotliCompressSync(CHUNK_BR),
    [`${WALLET}/big.5e6f7a8b.js.gz`]: gzipSync(CHUNK_GZ),
  },
  (app) => (t = app),
);

describe('static files (embedded setup)', () => {
  it('serves the shell at / with index.html uncached and hashed assets immutable', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('id="root"');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.3f9a1c2b.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses scripts for browsers that accept brotli or gzip', async () => {
    const url = '/assets/vendor.0a1b2c3d.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(2000);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('marketplace marketplace');
  });

  it("sends the build's precompressed .br / .gz copies as they are, with the cache rules of the file", async () => {
    const url = '/mfe/mfe-wallet/1.0.0/big.5e6f7a8b.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK_BR);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(CHUNK_GZ);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('falls back to index.html for client-side routes such as /myPurchases/1', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/myPurchases/1', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves /mfe/manifest.json and unhashed entry points uncached, hashed chunks immutable', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/mfe/manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // A version folder can be rebuilt in place by `npm start`: its entry points must be revalidated.
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const entry = await t.app.inject({ method: 'GET', url: `/mfe/mfe-wallet/1.0.0/${file}` });
      expect({ file, status: entry.statusCode, cache: entry.headers['cache-control'] }).toEqual({
        file,
        status: 200,
        cache: 'no-cache',
      });
    }
    const chunk = await t.app.inject({ method: 'GET', url: '/mfe/mfe-wallet/1.0.0/screens.1a2b3c4d.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('caches language files in a content-hashed folder as immutable, an unhashed folder not', async () => {
    const cacheOf = async (url: string) => {
      const reply = await t.app.inject({ method: 'GET', url });
      return {
        url,
        status: reply.statusCode,
        type: reply.headers['content-type'],
        cache: reply.headers['cache-control'],
      };
    };
    const immutable = 'public, max-age=31536000, immutable';
    const json = expect.stringMatching(/^application\/json/);
    expect(await cacheOf('/locales-0a1b2c3d/common/en.json')).toEqual({
      url: '/locales-0a1b2c3d/common/en.json',
      status: 200,
      type: json,
      cache: immutable,
    });
    expect(await cacheOf('/mfe/mfe-wallet/1.0.0/locales-4e5f6a7b/wallet/de.json')).toEqual({
      url: '/mfe/mfe-wallet/1.0.0/locales-4e5f6a7b/wallet/de.json',
      status: 200,
      type: json,
      cache: immutable,
    });
    expect(await cacheOf('/locales/en.json')).toEqual({
      url: '/locales/en.json',
      status: 200,
      type: json,
      cache: 'no-cache',
    });
  });

  it('answers a real 404 for a missing file under /mfe and never the shell', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/mfe/mfe-wallet/9.9.9/mf-manifest.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404 });
  });

  it('sends a CSP that allows same-origin scripts, inline styles and blob: workers', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(index.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on API answers and on 404s', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    for (const url of ['/api/user/language_list', '/api/nothing-here', '/mfe/manifest.json']) {
      const reply = await t.app.inject({ method: 'GET', url });
      for (const header of [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
      ]) {
        expect({ url, header, value: reply.headers[header] }).toEqual({ url, header, value: index.headers[header] });
        expect(index.headers[header]).toBeTruthy();
      }
      expect(reply.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});
