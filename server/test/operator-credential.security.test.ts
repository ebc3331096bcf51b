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
