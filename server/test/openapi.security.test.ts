import { createTestApp, type TestApp } from './harness';

/** The public OpenAPI document is for shoppers' calls; the operator calls are shown to operators only. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminToken: 'openapi-operator' });
});
afterAll(() => t.close());

interface OpenApi {
  paths: Record<string, Record<string, { tags?: string[] }>>;
  tags?: { name: string }[];
}

describe('OpenAPI documents', () => {
  it('the public document lists no operator call and still lists the shoppers calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApi>();
    const paths = Object.keys(doc.paths);
    expect(paths.filter((path) => path.startsWith('/api/admin'))).toEqual([]);
    const tags = Object.values(doc.paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags ?? []));
    expect(tags).not.toContain('admin');
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/user/login',
        '/api/user/getUserInfo',
        '/api/order/pay',
        '/api/user/recharge',
        '/api/upload',
        '/api/catalogue/products',
      ]),
    );
  });

  it('serves the operator document only with a valid operator credential', async () => {
    for (const headers of [{}, { 'admin-token': 'wrong' }, { token: 'openapi-operator' }]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/admin/docs/json', headers });
      expect({ headers, status: refused.statusCode, paths: refused.body.includes('/api/admin/orders') }).toEqual({
        headers,
        status: 401,
        paths: false,
      });
      expect(refused.json()).toMatchObject({ code: 401, msg: 'Operator credential missing or invalid', data: null });
    }
    const doc = await t.app.inject({
      method: 'GET',
      url: '/api/admin/docs/json',
      headers: { 'admin-token': 'openapi-operator' },
    });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<OpenApi>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/admin/orders', '/api/admin/recharge/decide', '/api/admin/uploads/cleanup']),
    );
    // The operator document is the operator part: no shoppers' call in it.
    expect(paths.filter((path) => !path.startsWith('/api/admin'))).toEqual([]);
  });
});
