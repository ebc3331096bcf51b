import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createShellPage, inlineScriptHashes, pageLanguage, pagePolicy } from '../src/plugins/external/shell-page';
import { createTestApp, type TestApp } from './harness';

const FIRST_PAINT = 'window.__firstPaint=Promise.resolve()';
const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

let t: TestApp;
let root: string;
let shellDir: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'mp-first-paint-'));
  shellDir = path.join(root, 'shell');
  mkdirSync(path.join(shellDir, 'locales-0a1b2c3d', 'common'), { recursive: true });
  const common = (title: string, description: string) => JSON.stringify({ verification: { title, description } });
  writeFileSync(
    path.join(shellDir, 'locales-0a1b2c3d', 'common', 'en.json'),
    common('Please verify you are human', 'A quick check'),
  );
  writeFileSync(
    path.join(shellDir, 'locales-0a1b2c3d', 'common', 'de.json'),
    common('Bitte bestätigen Sie', 'Kurz & "sicher" <prüfen>'),
  );
  writeFileSync(
    path.join(shellDir, 'index.html'),
    `<!doctype html><head><title>Marketplace</title><script>${FIRST_PAINT}</script><script defer src="/main.3f9a1c2b.js"></script></head><div id="root"></div>`,
  );
  t = await createTestApp({ shellDir, deployDir: path.join(root, 'deploy') });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const scriptSources = (policy: string | undefined) =>
  /(?:^|;)\s*script-src\s([^;]*)/
    .exec(policy ?? '')?.[1]
    ?.trim()
    .split(/\s+/) ?? [];

describe("the shell's page and its inline first-paint script", () => {
  it.each(['/', '/index.html', '/home', '/detail/3'])(
    'serves %s with the site policy plus the hash of its inline script, and nothing else inline',
    async (url) => {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain(FIRST_PAINT);
      expect(scriptSources(page.headers['content-security-policy'] as string)).toEqual(["'self'", sha256(FIRST_PAINT)]);
    },
  );

  it('keeps the policy without a hash for every other answer', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(scriptSources(api.headers['content-security-policy'] as string)).toEqual(["'self'"]);
  });

  it("gives the page the human check's texts in the language the app will start in, when the server can tell", async () => {
    const gate = (body: string) => /<meta name="first-paint-gate"[^>]*>/.exec(body)?.[0] ?? null;
    const english = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(gate(english.body)).toBe(
      '<meta name="first-paint-gate" data-title="Please verify you are human" data-description="A quick check">',
    );
    expect(english.headers.vary).toBe('Cookie, Accept-Language');
    const cookie = `Local_Lang=${encodeURIComponent(JSON.stringify({ file_name: 'de', language_name: 'Deutsch' }))}`;
    const german = await t.app.inject({ method: 'GET', url: '/home', headers: { cookie, 'accept-language': 'en' } });
    expect(gate(german.body)).toBe(
      '<meta name="first-paint-gate" data-title="Bitte bestätigen Sie" data-description="Kurz &amp; &quot;sicher&quot; &lt;prüfen&gt;">',
    );
    // The script's hash is unchanged: the texts are outside it.
    expect(scriptSources(german.headers['content-security-policy'] as string)).toEqual(["'self'", sha256(FIRST_PAINT)]);
    // A language without a built file, or one the server cannot tell: no texts, the app draws the check itself.
    const french = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-language': 'fr-FR' } });
    expect(gate(french.body)).toBeNull();
    const unknown = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-language': 'zh-TW' } });
    expect(gate(unknown.body)).toBeNull();
  });

  it("gives a product's page its title and first picture for the first paint, counting no view", async () => {
    const preview = (body: string) => /<meta name="first-paint-product"[^>]*>/.exec(body)?.[0] ?? null;
    const product = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/catalogue/product?id=3' })).json() as {
          data: { title: string; image: string; seen: number };
        }
      ).data;
    const before = await product();
    for (const url of ['/detail/3', '/detail/3/1', '/detail/3?from=home']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(preview(page.body)).toBe(
        `<meta name="first-paint-product" data-title="${before.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" data-image="${before.image}">`,
      );
      expect(scriptSources(page.headers['content-security-policy'] as string)).toEqual(["'self'", sha256(FIRST_PAINT)]);
    }
    // Only the product's own API answer counts a view.
    expect((await product()).seen).toBe(before.seen + 1);
    for (const url of ['/detail/999999999', '/detail/0', '/detail/abc', '/detail', '/home', '/details/3']) {
      expect(preview((await t.app.inject({ method: 'GET', url })).body)).toBeNull();
    }
  });

  it("gives Home's page its first six hot products, those of the API's first page, for the first paint", async () => {
    const home = (body: string) => {
      const meta = /<meta name="first-paint-home" data-products="([^"]*)">/.exec(body)?.[1];
      return meta === undefined ? null : (JSON.parse(meta.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as unknown);
    };
    const hot = (
      (await t.app.inject({ method: 'GET', url: '/api/catalogue/hot_products?page=1&pageSize=20' })).json() as {
        data: { list: { title: string; image: string }[] };
      }
    ).data.list;
    const expected = hot.slice(0, 6).map(({ title, image }) => ({ title, image }));
    expect(expected).toHaveLength(6);
    for (const url of ['/', '/?from=pwa', '/home', '/index', '/home/', '/home?from=tab']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(home(page.body)).toEqual(expected);
      expect(scriptSources(page.headers['content-security-policy'] as string)).toEqual(["'self'", sha256(FIRST_PAINT)]);
    }
    for (const url of ['/homes', '/explore', '/home/x', '/index.html', '/detail/3']) {
      expect(home((await t.app.inject({ method: 'GET', url })).body)).toBeNull();
    }
  });

  it('escapes a preview for an attribute and never reads `$` in it as a replacement pattern', () => {
    const { html } = createShellPage(shellDir).page(null, {
      product: { title: `Deal $& $' "x" <b> & co`, image: '/a.svg' },
    });
    expect(html).toContain(
      '<title>Marketplace</title><meta name="first-paint-product" data-title="Deal $&amp; $\' &quot;x&quot; &lt;b&gt; &amp; co" data-image="/a.svg">',
    );
  });

  it('follows a rebuilt index.html: the new script is served with its own hash', async () => {
    const rebuilt = 'window.__firstPaint=undefined';
    writeFileSync(path.join(shellDir, 'index.html'), `<!doctype html><head><script>${rebuilt}</script></head>`);
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.body).toContain(rebuilt);
    expect(scriptSources(page.headers['content-security-policy'] as string)).toEqual(["'self'", sha256(rebuilt)]);
  });
});

describe('inlineScriptHashes, pagePolicy and pageLanguage', () => {
  it.each([
    ['en-US,en;q=0.9', 'en'],
    ['de-CH', 'ch'],
    ['de-DE,de', 'de'],
    ['ja-JP', 'jp'],
    ['zh-CN', 'zh-cn'],
    ['zh-TW', null],
    ['', null],
  ])('reads Accept-Language %s as %s', (header, code) => {
    expect(pageLanguage(undefined, header)).toBe(code);
  });

  it('prefers the Local_Lang cookie and ignores an unreadable one', () => {
    const cookie = (value: string) => `a=1; Local_Lang=${value}`;
    expect(pageLanguage(cookie(encodeURIComponent('{"file_name":"kr"}')), 'en')).toBe('kr');
    expect(pageLanguage(cookie('%7Bbroken'), 'en')).toBe('en');
    expect(pageLanguage(cookie(encodeURIComponent('{"file_name":"xx"}')), undefined)).toBeNull();
  });

  it('hashes inline scripts only, never one loaded by src', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script defer src="/x.js"></script><script></script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()')]);
  });

  it('adds the hashes to script-src and leaves the other directives alone', () => {
    expect(pagePolicy("default-src 'self';script-src 'self';img-src 'self'", ["'sha256-x'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x';img-src 'self'",
    );
    expect(pagePolicy("script-src 'self'", [])).toBe("script-src 'self'");
  });
});
