import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { LANG_COOKIE } from '@marketplace/shared/contracts';
import type { TestApp } from './harness';
import { staticAppForFile } from './static-files.helpers';

/** The web app manifest at `/manifest.json` (docs/decisions/0005-installable-offline.md): the manifest in the page's language, never the app's HTML. */
let t: TestApp;
const manifest = (lang: string, name: string) => `${JSON.stringify({ lang, name, display: 'standalone' })}\n`;

staticAppForFile(
  {
    'shell/index.html': '<!doctype html><title>Marketplace</title><div id="root"></div>',
    'shell/manifest.webmanifest': manifest('en', 'Marketplace'),
    'shell/manifests/en.webmanifest': manifest('en', 'Marketplace'),
    'shell/manifests/de.webmanifest': manifest('de', 'Marktplatz'),
    'deploy/manifest.json': '{"updatedAt":"x","remotes":{}}',
  },
  (app) => (t = app),
);

describe('the web app manifest', () => {
  it('answers /manifest.json with the manifest as application/manifest+json, revalidated', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/manifest.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).not.toContain('<');
    expect(answer.json()).toEqual({ lang: 'en', name: 'Marketplace', display: 'standalone' });
  });

  it("is in the page's language: the language cookie first, then Accept-Language, English otherwise", async () => {
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/manifest.json',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(byHeader.json()).toMatchObject({ lang: 'de', name: 'Marktplatz' });
    expect(byHeader.headers.vary).toBe('Cookie, Accept-Language');
    const unknown = await t.app.inject({ method: 'GET', url: '/manifest.json', headers: { 'accept-language': 'xx' } });
    expect(unknown.json()).toMatchObject({ lang: 'en' });
    // A language the build has no manifest for falls back to English.
    const cookie = `${LANG_COOKIE}=${encodeURIComponent(JSON.stringify({ file_name: 'fr' }))}`;
    const missing = await t.app.inject({ method: 'GET', url: '/manifest.json', headers: { cookie } });
    expect(missing.json()).toMatchObject({ lang: 'en' });
  });

  it('serves /manifest.webmanifest itself with the manifest content type', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.json()).toMatchObject({ name: 'Marketplace' });
  });
});

describe('the shell build an open page compares with its own (docs/decisions/0003-independent-releases.md: a shell rollback reaches open tabs)', () => {
  const pageBuild = async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    return /<meta name="shell-build" content="([^"]+)">/.exec(page.body)?.[1];
  };

  it("names the page's build in the page and the live build on the deployment manifest, a 304 included", async () => {
    const build = await pageBuild();
    expect(build).toMatch(/^[\w-]{16}$/);
    const answer = await t.app.inject({ method: 'GET', url: '/mfe/manifest.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-shell-build']).toBe(build);
    const again = await t.app.inject({
      method: 'GET',
      url: '/mfe/manifest.json',
      headers: { 'if-none-match': String(answer.headers.etag), cookie: String(answer.headers['set-cookie']) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-shell-build']).toBe(build);
  });

  it('changes when another shell build is served (a promote, a rollback, a rebuild in place)', async () => {
    const before = await pageBuild();
    const file = path.join(t.config.shellDir, 'index.html');
    writeFileSync(file, '<!doctype html><title>Marketplace</title><div id="root"></div><!-- 2 -->');
    try {
      const after = await pageBuild();
      expect(after).not.toBe(before);
      const answer = await t.app.inject({ method: 'GET', url: '/mfe/manifest.json' });
      expect(answer.headers['x-shell-build']).toBe(after);
    } finally {
      writeFileSync(file, '<!doctype html><title>Marketplace</title><div id="root"></div>');
    }
  });
});
