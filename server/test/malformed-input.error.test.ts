import { call, createTestApp, databaseFingerprint, DEMO_SHOPPER, humanToken, login, type TestApp } from './harness';

interface Operation {
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let routes: { method: string; url: string; operation: Operation }[];
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = {
    token: await login(t.app, DEMO_SHOPPER.account, DEMO_SHOPPER.password),
    'human-verification': await humanToken(t.app),
  };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
  routes = Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );
});
afterAll(() => t.close());

const huge = 'x'.repeat(20_000);
const FREE_TEXT_QUERY_ROUTES = ['/api/catalogue/suggestions'];
const wrongTypes = (fields: string[]) => Object.fromEntries(fields.map((field) => [field, { nested: [1, 2] }]));
const hugeStrings = (fields: string[]) => Object.fromEntries(fields.map((field) => [field, huge]));

/** Field names the route documents for its body, and which of them are required. */
const bodySchema = (operation: Operation) => {
  type Schema = { properties?: object; required?: string[] };
  const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> })?.content;
  const schema = content?.['application/json']?.schema;
  return { fields: Object.keys(schema?.properties ?? {}), required: schema?.required ?? [] };
};

describe('malformed input to every route', () => {
  it('documents every API route in the OpenAPI document', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/user/login',
        'POST /api/user/register',
        'POST /api/user/logout',
        'GET /api/user/getUserInfo',
        'POST /api/user/profile',
        'POST /api/user/resetpwd',
        'POST /api/user/resetPay',
        'POST /api/user/verify_pay',
        'GET /api/user/language_list',
        'GET /api/user/set_language',
        'POST /api/user/forgot_password/send',
        'POST /api/user/forgot_password/reset',
        'POST /api/user/forgot_pay/send',
        'POST /api/user/forgot_pay/reset',
        'GET /api/user/order_list',
        'GET /api/verification/challenge',
        'POST /api/verification/verify',
        'GET /api/catalogue/products',
        'GET /api/catalogue/product',
        'POST /api/catalogue/follow',
        'POST /api/bag/add',
        'POST /api/bag/select',
        // Field health beacons (docs/decisions/0003-independent-releases.md): 400 for anything malformed, never 5xx.
        'POST /api/telemetry',
      ]),
    );
  });

  it('refuses unparseable, mistyped, missing and oversized bodies on every POST route without changing the database', async () => {
    const before = await databaseFingerprint(t.db);
    const posts = routes.filter((route) => route.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(9);
    for (const route of posts) {
      const { fields, required } = bodySchema(route.operation);
      const raw: { body: string; type: string }[] = [
        { body: '{"account": "demo", ', type: 'application/json' },
        { body: 'account=demo&password=demo123', type: 'application/x-www-form-urlencoded' },
        { body: 'plain text', type: 'text/plain' },
        { body: JSON.stringify({ account: 'x'.repeat(300_000) }), type: 'application/json' },
      ];
      const bodies: unknown[] = fields.length ? [[], 'null', wrongTypes(fields), hugeStrings(fields)] : [];
      if (required.length) bodies.push({});
      const attempts = [
        ...raw.map(({ body, type }) => ({ payload: body, headers: { ...headers, 'content-type': type } })),
        ...bodies.map((body) => ({
          payload: JSON.stringify(body),
          headers: { ...headers, 'content-type': 'application/json' },
        })),
      ];
      for (const attempt of attempts) {
        const reply = await call(t.app, { method: 'POST', url: route.url, ...attempt });
        const label = `${route.url} ${String(attempt.payload).slice(0, 40)}`;
        expect({ label, code: reply.code === 1 ? 'accepted' : 'refused' }).toEqual({ label, code: 'refused' });
        expect(reply.msg.length).toBeGreaterThan(0);
        expect(reply.msg).not.toMatch(/at .+\.(ts|js):\d+/);
      }
    }
    // Only the verification token's use counter moves: every attempt spends a use, well-formed or not.
    const withoutTokenUses = (print: string) =>
      print
        .split('|')
        .filter((part) => !part.startsWith('verification_tokens:'))
        .join('|');
    expect(withoutTokenUses(await databaseFingerprint(t.db))).toBe(withoutTokenUses(before));
  });

  it('refuses mistyped and oversized query strings on every GET route that takes a query', async () => {
    const before = await databaseFingerprint(t.db);
    const gets = routes.filter(
      (route) => route.method === 'GET' && route.operation.parameters?.some((p) => p.in === 'query'),
    );
    expect(gets.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/user/order_list',
        '/api/user/set_language',
        '/api/catalogue/products',
        '/api/catalogue/product',
        '/api/catalogue/shop_products',
        '/api/catalogue/suggestions',
        // An uploaded picture's width (`?w=`, docs/decisions/0005-installable-offline.md data saver): refused with a 400 envelope.
        '/api/upload/{id}',
      ]),
    );
    for (const route of gets) {
      const names = route.operation.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
      // A free-text query (a search keyword) takes any short text; only an oversized one is refused.
      const values = FREE_TEXT_QUERY_ROUTES.includes(route.url) ? [huge] : ['abc', '-1.5', huge, '[object Object]'];
      for (const value of values) {
        const query = names.map((name) => `${name}=${encodeURIComponent(value)}`).join('&');
        const reply = await call(t.app, { method: 'GET', url: `${route.url}?${query}`, headers });
        expect({ url: route.url, value: value.slice(0, 20), code: reply.code }).toEqual({
          url: route.url,
          value: value.slice(0, 20),
          code: 0,
        });
        expect(reply.msg.length).toBeGreaterThan(0);
      }
    }
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    expect(await call(t.app, { method: 'GET', url: '/api/nope' })).toMatchObject({
      status: 404,
      code: 404,
      msg: 'Not found',
      data: null,
    });
  });

  it('masks a server failure as code 500 "The system is busy" without internals', async () => {
    await t.app.database.close();
    const reply = await call(t.app, { method: 'GET', url: '/api/user/getUserInfo', headers });
    expect(reply).toEqual({ status: 500, code: 500, msg: 'The system is busy, please try again later', data: null });
  });
});
