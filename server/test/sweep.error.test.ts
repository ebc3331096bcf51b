jest.setTimeout(300_000);

import { call, createTestApp, DEMO_SHOPPER, humanToken, login, type TestApp } from './harness';

/**
 * Every OpenAPI operation gets out-of-range ids, NUL bytes, huge and odd numbers in every body field
 * and query parameter, and malformed multipart bodies. Nothing may answer 5xx: bad input is always a
 * clear 4xx/code-0 envelope.
 */
interface Operation {
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
  parameters?: { in: string; name: string }[];
}

let t: TestApp;
let routes: { method: string; url: string; operation: Operation }[];
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ adminToken: 'sweep-operator' });
  headers = {
    token: await login(t.app, DEMO_SHOPPER.account, DEMO_SHOPPER.password),
    'human-verification': await humanToken(t.app),
    'admin-token': 'sweep-operator',
  };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );
});
afterAll(() => t.close());

const BAD_VALUES: unknown[] = [
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1,
  0,
  0.5,
  'a\u0000b',
  '\u0000',
  '2147483648',
  '99999999999999999999',
  ['a\u0000'],
  { id: 2_147_483_648 },
];
const BAD_QUERY = ['2147483648', '-2147483649', '99999999999999999999', '1e308', 'a%00b', '%00', '0x10', 'NaN'];

const concrete = (url: string) => url.replace(/\{[^}]+\}/g, '2147483648').replace(/:([A-Za-z]+)/g, '2147483648');

describe('no input produces a 5xx on any operation', () => {
  it('sweeps every operation and finds 0 responses of 500 or more', async () => {
    const failures: string[] = [];
    let sent = 0;
    const send = async (label: string, options: Parameters<typeof call>[1]) => {
      sent++;
      const response = await t.app.inject(options);
      if (response.statusCode >= 500) failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 120)}`);
    };
    for (const route of routes) {
      if (route.url === '/api/docs/json' || route.url.startsWith('/api/docs')) continue;
      const url = concrete(route.url);
      const queryNames = (route.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const value of BAD_QUERY) {
        const names = queryNames.length ? queryNames : ['id'];
        for (const name of names) {
          await send(`${route.method} ${url}?${name}=${value}`, {
            method: route.method as 'GET',
            url: `${url}?${name}=${value}`,
            headers,
          });
        }
      }
      if (route.method !== 'POST') continue;
      const fields = Object.keys(route.operation.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      for (const value of BAD_VALUES) {
        const bodies = [Object.fromEntries(fields.map((f) => [f, value])), ...fields.map((f) => ({ [f]: value }))];
        for (const body of bodies) {
          await send(`${route.method} ${url} ${JSON.stringify(body).slice(0, 60)}`, {
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
        }
      }
      for (const [label, type, payload] of [
        ['no boundary', 'multipart/form-data', '--x\r\n\r\n'],
        ['broken part', 'multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="file"\r\n'],
        [
          'NUL name',
          'multipart/form-data; boundary=zz',
          '--zz\r\nContent-Disposition: form-data; name="\u0000"; filename="a\u0000.png"\r\n\r\nx\r\n--zz--\r\n',
        ],
        ['empty', 'multipart/form-data; boundary=zz', ''],
      ] as const) {
        await send(`${route.method} ${url} multipart ${label}`, {
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': type },
          payload,
        });
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  });
});

describe('messages are interpolated', () => {
  it('names the field instead of showing "{{field}}"', async () => {
    const replies = [
      await call(t.app, { method: 'GET', url: '/api/user/bill?kind=nope', headers }),
      await call(t.app, { method: 'GET', url: '/api/user/order_list?status=nope', headers }),
      await call(t.app, { method: 'GET', url: '/api/user/recharge_log?status=7', headers }),
    ];
    for (const reply of replies) {
      expect(reply.code).toBe(0);
      expect(reply.msg).not.toContain('{{');
      expect(reply.msg).toMatch(/^(kind|status) is invalid$/);
    }
  });

  it('refuses a NUL byte with a clear message', async () => {
    const reply = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      headers,
      payload: { account: 'de\u0000mo', password: 'x' },
    });
    expect(reply).toMatchObject({ code: 0, msg: 'Text cannot contain the NUL character (\\0)' });
  });
});
