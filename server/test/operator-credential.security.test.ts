import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  // No ADMIN_TOKEN: a fresh install generates its one operator credential into DATA_DIR.
  t = await createTestApp({ adminToken: undefined });
});
afterAll(() => t.close());

/** One operator read of each module that has operator routes. */
const OPERATOR_READS = [
  '/api/admin/orders', // orders
  '/api/admin/recharges', // wallet
  '/api/admin/service_threads', // support
  '/api/admin/vip_levels', // community
];

describe('operator credential without ADMIN_TOKEN', () => {
  it('is generated once into DATA_DIR/admin.token (owner only) and opens the operator routes of every module', async () => {
    const file = path.join(t.config.dataDir, 'admin.token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, 'utf8').trim();
    expect(token.length).toBeGreaterThanOrEqual(40);
    for (const url of OPERATOR_READS) {
      const allowed = await call(t.app, { method: 'GET', url, headers: { 'admin-token': token } });
      expect({ url, status: allowed.status, code: allowed.code }).toEqual({ url, status: 200, code: 1 });
      for (const headers of [{}, { 'admin-token': `${token}x` }, { token }]) {
        const refused = await call(t.app, { method: 'GET', url, headers });
        expect({ url, status: refused.status, msg: refused.msg }).toEqual({
          url,
          status: 401,
          msg: 'Operator credential missing or invalid',
        });
      }
    }
    // Still the same credential after every module registered its routes.
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
  });
});

describe('operator-credential guesses', () => {
  let g: TestApp;
  beforeAll(async () => {
    g = await createTestApp({ adminToken: 'the-operator-credential' });
  });
  afterAll(() => g.close());

  const attempt = (remoteAddress: string, credential: string, url = '/api/admin/orders') =>
    g.app.inject({ method: 'GET', url, remoteAddress, headers: { 'admin-token': credential } });

  it('evaluates at most 10 of 100 parallel wrong guesses from one address and refuses the rest with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt('203.0.113.7', `guess-${i}`)));
    const byStatus: Record<number, number> = {};
    for (const answer of answers) byStatus[answer.statusCode] = (byStatus[answer.statusCode] ?? 0) + 1;
    expect(byStatus).toEqual({ 401: 10, 429: 90 });
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ code: 429, msg: 'Too many requests, please try again later', data: null });

    // The address stays refused, even with the right credential, and on every route that reads it.
    expect((await attempt('203.0.113.7', 'the-operator-credential')).statusCode).toBe(429);
    expect((await attempt('203.0.113.7', 'guess', '/api/upload/1')).statusCode).toBe(429);
    expect((await attempt('203.0.113.7', 'guess', '/api/admin/docs/json')).statusCode).toBe(429);
  });

  it('still lets the right credential in from another address, one call after another or 100 at once', async () => {
    for (let i = 0; i < 30; i++) {
      const answer = await attempt('198.51.100.9', 'the-operator-credential');
      expect({ i, status: answer.statusCode, code: answer.json<{ code: number }>().code }).toEqual({
        i,
        status: 200,
        code: 1,
      });
    }
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => attempt('198.51.100.9', 'the-operator-credential')),
    );
    expect(burst.filter((answer) => answer.statusCode !== 200)).toEqual([]);
  });

  it('counts guesses through the upload reader too', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt('192.0.2.44', `guess-${i}`, '/api/upload/1')),
    );
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20);
  });
});
