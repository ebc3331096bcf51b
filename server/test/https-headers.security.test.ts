import type { TestApp } from './harness';
import { bootstrapAdmin, totpCode } from './operators.helpers';
import { staticAppForFile } from './static-files.helpers';

/**
 * HSTS only for a request that arrived over HTTPS (here: through a trusted proxy's X-Forwarded-Proto),
 * never on plain HTTP; every cookie the server sets is Secure over HTTPS (the canary bucket `mfe_bucket`,
 * the trusted-device `mp_device`); X-Frame-Options agrees with the CSP's frame-ancestors.
 */
let t: TestApp;
staticAppForFile(
  {
    'shell/index.html': '<!doctype html><div id="root"></div>',
    'deploy/manifest.json': '{"updatedAt":"x","remotes":{}}',
  },
  (app) => (t = app),
  { trustProxy: ['10.0.0.1'] },
);

const get = (url: string, proxied: { from: string; proto: string } | undefined) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: proxied?.from ?? '127.0.0.1',
    headers: proxied ? { 'x-forwarded-proto': proxied.proto, 'x-forwarded-for': '203.0.113.9' } : {},
  });

describe('headers and cookies over HTTP and HTTPS', () => {
  it('sends HSTS only over HTTPS through a trusted proxy, never on plain HTTP', async () => {
    for (const url of ['/', '/api/user/language_list', '/mfe/manifest.json', '/api/nothing-here']) {
      expect((await get(url, undefined)).headers['strict-transport-security']).toBeUndefined();
      // An untrusted sender cannot claim HTTPS.
      const claimed = await get(url, { from: '10.0.0.2', proto: 'https' });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
      expect(
        (await get(url, { from: '10.0.0.1', proto: 'http' })).headers['strict-transport-security'],
      ).toBeUndefined();
      const secure = await get(url, { from: '10.0.0.1', proto: 'https' });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('marks every cookie Secure over HTTPS, and only there', async () => {
    const plain = String((await get('/mfe/manifest.json', undefined)).headers['set-cookie']);
    expect(plain).toMatch(/^mfe_bucket=\d+;/);
    expect(plain).not.toMatch(/Secure/);
    const secure = String(
      (await get('/mfe/manifest.json', { from: '10.0.0.1', proto: 'https' })).headers['set-cookie'],
    );
    expect(secure).toMatch(/^mfe_bucket=\d+;.*; Secure$/);
    // The trusted-device cookie of a sign-in (operator's here; the shopper's is made the same way).
    const root = await bootstrapAdmin(t);
    for (const proto of ['http', 'https']) {
      t.advance(30_000);
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/sign_in',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-proto': proto },
        payload: { name: root.name, password: root.password, code: totpCode(t, root.secret) },
      });
      // The brake's trusted device and the console's session: every cookie Secure over HTTPS, and only there.
      const cookies = ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
      expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['mp_device', 'mp_console']);
      for (const cookie of cookies) expect(/;\s*Secure(;|$)/i.test(cookie)).toBe(proto === 'https');
    }
  });

  it("agrees on framing: X-Frame-Options DENY with CSP frame-ancestors 'none'", async () => {
    for (const url of ['/', '/api/user/language_list']) {
      const reply = await get(url, undefined);
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(String(reply.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });
});
