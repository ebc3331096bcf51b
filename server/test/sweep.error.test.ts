jest.setTimeout(300_000);

import { translator } from '../src/lib/messages';
import { call, createTestApp, databaseFingerprint, DEMO_SHOPPER, humanToken, login, type TestApp } from './harness';
import { SELLER_ROUTE_ACCESS } from '../src/modules/sellers';
import { PNG } from './orders.helpers';
import { approvedOwner } from './sellers.helpers';

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
  // A signed-in shop owner: the seller calls are swept with a live seller session too.
  const { owner } = await approvedOwner(
    t,
    { headers: { 'admin-token': 'sweep-operator' } },
    'Sweep Shop',
    'sweep@example.com',
  );
  headers['seller-token'] = owner.token;
  // The calls that end the seller's own sessions go last, so every other seller call meets a live one.
  const endsSession = (url: string) => /^\/api\/seller\/auth\/(sign_out|sessions\/revoke)$/.test(url);
  routes = (await documentedRoutes(t, headers)).sort((a, b) => Number(endsSession(a.url)) - Number(endsSession(b.url)));
});
afterAll(() => t.close());

/**
 * Every operation: the shoppers' public document plus the operator and seller documents, which only an
 * operator credential or a seller session opens (the public one lists neither).
 */
const documentedRoutes = async (app: TestApp, credentials: Record<string, string>) => {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [url, extra] of [
    ['/api/docs/json', {}],
    ['/api/admin/docs/json', credentials],
    ['/api/seller/docs/json', credentials],
  ] as const) {
    const doc = (await app.app.inject({ method: 'GET', url, headers: extra })).json<{
      paths?: Record<string, Record<string, Operation>>;
    }>();
    Object.assign(paths, doc.paths);
  }
  return Object.entries(paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );
};

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
    // The operator calls are swept too: the operator document lists them, every one the app registered
    // (the console's calls included: queues, summary and its days, the release page).
    expect(routes.filter((route) => route.url.startsWith('/api/admin/')).length).toBeGreaterThan(20);
    const swept = new Set(routes.map((route) => `${route.method} ${route.url.replace(/\{([^}]+)\}/g, ':$1')}`));
    const unswept = t.app.operatorAuth
      .routes()
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !swept.has(key) && !key.endsWith(' /api/admin/docs/json'));
    expect(unswept).toEqual([]);
    expect([...swept]).toEqual(
      expect.arrayContaining([
        'GET /api/admin/summary',
        'GET /api/admin/summary/days',
        'GET /api/admin/release',
        'POST /api/admin/release/promote',
        'POST /api/admin/release/rollback',
        'POST /api/admin/release/canary',
        'POST /api/admin/release/canary_stop',
      ]),
    );
    // Every seller call the app registered is swept (modules/sellers lists them all in SELLER_ROUTE_ACCESS).
    const sellerCalls = Object.keys(SELLER_ROUTE_ACCESS).filter((key) => !key.endsWith(' /api/seller/docs/json'));
    expect(sellerCalls.filter((key) => !swept.has(key))).toEqual([]);
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

/** Words that give the framework away, or an error page a shopper was never meant to see. */
const FRAMEWORK = /fastify|FST_|Bad Request|Client Error|statusCode|"error"|\bat .+:\d+:\d+/i;

/** Status, envelope and leaks of one answer; an empty list is a clean answer. */
const problems = (response: { statusCode: number; body: string }, echo: string[] = []): string[] => {
  const found: string[] = [];
  if (response.statusCode >= 500) found.push(`status ${response.statusCode}`);
  if (FRAMEWORK.test(response.body)) found.push(`framework in body: ${response.body.slice(0, 120)}`);
  if (response.statusCode >= 400) {
    for (const part of echo) if (response.body.includes(part)) found.push(`echoes "${part.slice(0, 20)}"`);
    let envelope: unknown;
    try {
      envelope = JSON.parse(response.body);
    } catch {
      envelope = undefined;
    }
    const keys = envelope && typeof envelope === 'object' ? Object.keys(envelope).sort().join(',') : '';
    if (keys !== 'code,data,msg') found.push(`no envelope: ${response.body.slice(0, 80)}`);
  }
  return found;
};

const multipartBody = (boundary: string, parts: string[], end = `--${boundary}--\r\n`) =>
  parts.map((part) => `--${boundary}\r\n${part}`).join('') + end;
const filePart = (name: string, content: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
const png = PNG.toString('latin1');

/** Malformed multipart bodies, and what the upload route answers each with. */
const MULTIPART: { label: string; type: string; payload: string; upload: 'malformed' | 'no file' }[] = [
  {
    label: 'no boundary',
    type: 'multipart/form-data',
    payload: multipartBody('x', [filePart('file', png)]),
    upload: 'malformed',
  },
  { label: 'empty boundary', type: 'multipart/form-data; boundary=', payload: '--\r\n\r\n--\r\n', upload: 'malformed' },
  {
    label: 'cut short in the part headers',
    type: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nContent-Disposition: form-data; name="file"\r\n',
    upload: 'malformed',
  },
  {
    label: 'cut short in the file',
    type: 'multipart/form-data; boundary=zz',
    payload: `--zz\r\n${filePart('file', png).slice(0, -30)}`,
    upload: 'malformed',
  },
  {
    label: 'cut short after a field',
    type: 'multipart/form-data; boundary=zz',
    payload: `--zz\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--zz\r\n${filePart('file', 'x').slice(0, 40)}`,
    upload: 'malformed',
  },
  {
    label: 'a part header that is no header',
    type: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nnot a header at all\r\n\r\nx\r\n--zz--\r\n',
    // The parser skips a part without a name: a readable form with no file in it.
    upload: 'no file',
  },
  {
    label: 'huge part count',
    type: 'multipart/form-data; boundary=zz',
    payload: multipartBody(
      'zz',
      Array.from({ length: 5_000 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`),
    ),
    upload: 'malformed',
  },
  {
    label: 'boundary but no parts',
    type: 'multipart/form-data; boundary=zz',
    payload: '--zz--\r\n',
    upload: 'no file',
  },
  { label: 'empty body', type: 'multipart/form-data; boundary=zz', payload: '', upload: 'no file' },
  {
    label: 'wrong field',
    type: 'multipart/form-data; boundary=zz',
    payload: multipartBody('zz', [filePart('picture', png)]),
    upload: 'no file',
  },
];

describe('malformed multipart bodies', () => {
  let m: TestApp;
  let mHeaders: Record<string, string>;
  let mRoutes: typeof routes;
  beforeAll(async () => {
    // An app of its own: the sweep above spends the upload route's per-minute limit before any body is read.
    m = await createTestApp({ adminToken: 'sweep-operator' });
    mHeaders = {
      token: await login(m.app, DEMO_SHOPPER.account, DEMO_SHOPPER.password),
      'admin-token': 'sweep-operator',
    };
    mRoutes = await documentedRoutes(m, mHeaders);
  });
  afterAll(() => m.close());

  it('answers the upload route 400 in the envelope, translated, and stores nothing', async () => {
    const before = await databaseFingerprint(m.db);
    const answers: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [i, { label, type, payload, upload }] of MULTIPART.entries()) {
      // Every other attempt in German: the message follows the shopper's language.
      const lang = i % 2 ? 'de' : 'en';
      const response = await m.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...mHeaders, lang, 'content-type': type },
        payload,
      });
      answers[label] = { status: response.statusCode, body: response.json<unknown>(), problems: problems(response) };
      expected[label] = {
        status: upload === 'malformed' ? 400 : 200,
        body: {
          code: 0,
          msg: translator(lang)(upload === 'malformed' ? 'err.invalidBody' : 'err.upload.missing'),
          data: null,
        },
        problems: [],
      };
    }
    expect(answers).toEqual(expected);
    expect(await databaseFingerprint(m.db)).toBe(before);
    // A well-formed upload still goes through.
    const good = await m.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...mHeaders, 'content-type': 'multipart/form-data; boundary=zz' },
      payload: Buffer.from(multipartBody('zz', [filePart('file', png)]), 'latin1'),
    });
    expect(good.json<{ code: number }>().code).toBe(1);
  });

  it('sends every malformed body to every POST operation: 0 answers of 500 or more, no framework names', async () => {
    const posts = mRoutes.filter((route) => route.method === 'POST');
    expect(posts.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/upload', '/api/user/recharge', '/api/order/refund', '/api/order/comment']),
    );
    const failures: string[] = [];
    for (const route of posts) {
      for (const { label, type, payload } of MULTIPART) {
        const response = await m.app.inject({
          method: 'POST',
          url: concrete(route.url),
          headers: { ...mHeaders, 'content-type': type },
          payload,
        });
        for (const problem of problems(response)) failures.push(`${route.url} ${label}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/** URLs no decoder can read, and what of them must never come back in an answer. */
const UNDECODABLE = ['%E0%A4%A', '%c0', '%', '%zz', 'a%00b', '%ff%fe'];
const LONG_PARAM = 'p'.repeat(150);

describe('undecodable URLs', () => {
  it('answers every route family in the envelope, without framework names or the URL', async () => {
    const failures: string[] = [];
    const attempts: { method: string; url: string; echo: string[] }[] = [];
    for (const route of routes) {
      const hasParam = /\{[^}]+\}|:[A-Za-z]+/.test(route.url);
      for (const bad of UNDECODABLE) {
        const inPath = hasParam
          ? route.url.replace(/\{[^}]+\}|:([A-Za-z]+)/, bad)
          : `${route.url.replace(/\{[^}]+\}|:([A-Za-z]+)/g, '1')}/${bad}`;
        const base = route.url.replace(/\{[^}]+\}|:([A-Za-z]+)/g, '1');
        const echo = (url: string) => [url, ...(bad.length >= 3 ? [bad] : [])];
        attempts.push({ method: route.method, url: inPath, echo: echo(inPath) });
        attempts.push({ method: route.method, url: `${base}?id=${bad}&x${bad}=1`, echo: echo(base) });
      }
      if (hasParam) {
        const url = route.url.replace(/\{[^}]+\}|:([A-Za-z]+)/, LONG_PARAM);
        attempts.push({ method: route.method, url, echo: [LONG_PARAM] });
      }
    }
    for (const url of ['/%c0', '/%E0%A4%A', '/index/%c0', '/mfe/%c0', '/mfe/manifest.json/%E0%A4%A', '/api/%E0%A4%A']) {
      attempts.push({ method: 'GET', url, echo: [url] });
    }
    expect(attempts.length).toBeGreaterThan(500);
    for (const { method, url, echo } of attempts) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
      for (const problem of problems(response, echo)) failures.push(`${method} ${url}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers an undecodable URL 400 with the translated message', async () => {
    for (const lang of ['en', 'de']) {
      const reply = await call(t.app, { method: 'GET', url: '/api/catalogue/product/%E0%A4%A', headers: { lang } });
      expect(reply).toEqual({ status: 400, code: 0, msg: translator(lang)('err.invalidBody'), data: null });
    }
  });
});

describe('odd headers', () => {
  it('finds 0 answers of 500 or more and no framework names on any operation', async () => {
    const variants: Record<string, string>[] = [
      { 'content-type': ';;;==' },
      { 'content-type': 'application/json; charset=' },
      { 'content-type': 'multipart/form-data; boundary="unterminated' },
      { 'content-type': `application/json; ${'a=b;'.repeat(5_000)}` },
      { 'content-type': 'x'.repeat(20_000) },
      { token: 'x'.repeat(100_000) },
      { token: '\u0001\u007f\u00ff\u00fe' },
      { token: '\u00e9\u{1f600}\u0000' },
      { 'admin-token': '\u0001\u00ff'.repeat(1_000) },
      { lang: 'x'.repeat(50_000), language: '\u00ff' },
      { cookie: `Admin-Token=${'%'.repeat(1_000)}` },
    ];
    const failures: string[] = [];
    for (const route of routes) {
      const url = concrete(route.url);
      for (const variant of variants) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...headers, 'content-type': 'application/json', ...variant },
          ...(route.method === 'POST' ? { payload: '{}' } : {}),
        });
        for (const problem of problems(response)) {
          failures.push(`${route.method} ${url} ${JSON.stringify(variant).slice(0, 40)}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
