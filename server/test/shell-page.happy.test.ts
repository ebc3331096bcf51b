import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inlineScriptHashes, pagePolicy } from '../src/plugins/external/static-files';
import { createTestApp, type TestApp } from './harness';

const FIRST_PAINT = 'window.__firstPaint=Promise.resolve()';
const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

let t: TestApp;
let root: string;
let shellDir: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'mp-first-paint-'));
  shellDir = path.join(root, 'shell');
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(
    path.join(shellDir, 'index.html'),
    `<!doctype html><head><script>${FIRST_PAINT}</script><script defer src="/main.3f9a1c2b.js"></script></head><div id="root"></div>`,
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

  it('follows a rebuilt index.html: the new script is served with its own hash', async () => {
    const rebuilt = 'window.__firstPaint=undefined';
    writeFileSync(path.join(shellDir, 'index.html'), `<!doctype html><head><script>${rebuilt}</script></head>`);
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.body).toContain(rebuilt);
    expect(scriptSources(page.headers['content-security-policy'] as string)).toEqual(["'self'", sha256(rebuilt)]);
  });
});

describe('inlineScriptHashes and pagePolicy', () => {
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
