jest.setTimeout(240_000);

import { eq } from 'drizzle-orm';
import { operatorSessions } from '../src/db/schema/operators';
import { sha256 } from '../src/lib/secrets';
import { loadConfig } from '../src/config/config';
import { call, createTestApp, type TestApp } from './harness';
import {
  bootstrapAdmin,
  bootstrapCode,
  createOperator,
  enrol,
  signIn,
  totpCode,
  type Operator,
} from './operators.helpers';
import { createShopper, type Shopper } from './orders.helpers';
import { balanceOf, requestTopUp } from './wallet.helpers';
import { staff } from './kit';

const AUTOMATION = 'operators-test-automation';
const automation = { 'admin-token': AUTOMATION };

/**
 * Operator accounts (docs/decisions/0002-operator-accounts.md): every operator call refuses a missing
 * credential, a wrong role, an expired or revoked session and a shopper's token; sign-in guesses are
 * braked (operator-sign-in.security.test.ts); two operators deciding one item: one decision, the other is told
 * who and when. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
describe('every operator call checks the credential and the role', () => {
  let t: TestApp;
  let root: Operator;
  let finance: Operator;
  let support: Operator;
  let release: Operator;
  let chief: Operator;
  let expired: Operator;
  let revoked: Operator;
  let shopper: Shopper;

  beforeAll(async () => {
    t = await createTestApp({ adminToken: AUTOMATION });
    [root, finance, support, release, chief] = await staff(
      t,
      ['fiona', 'finance'],
      ['sam', 'support'],
      ['rita', 'release'],
      ['chief', 'admin', 'finance', 'support', 'release'],
    );
    expired = await signIn(t, chief);
    await t.db
      .update(operatorSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(operatorSessions.tokenHash, sha256(expired.token)));
    revoked = await signIn(t, chief);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/admin/auth/sign_out', headers: revoked.headers })).code,
    ).toBe(1);
    shopper = await createShopper(t, 'operator-table-shopper');
  });
  afterAll(() => t.close());

  it('takes the route list from the app: every documented operator call is in it, each with its roles', async () => {
    const routes = t.app.operatorAuth.routes();
    const listed = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const doc = (await t.app.inject({ method: 'GET', url: '/api/admin/docs/json', headers: root.headers })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.length).toBeGreaterThanOrEqual(40);
    expect(documented.filter((route) => !listed.has(route))).toEqual([]);
    // The 29 operator calls of before (the operator document included) and the 12 of operator accounts.
    expect(routes.length).toBeGreaterThanOrEqual(29 + 12);
  });

  it('refuses no credential, a wrong role, an expired or revoked session and a shopper token on every guarded call', async () => {
    const wrongRole = (access: readonly string[]) =>
      [finance, support, release, root].find((operator) => {
        const roles = { fiona: ['finance'], sam: ['support'], rita: ['release'], root: ['admin'] }[operator.name]!;
        return !roles.some((role) => access.includes(role));
      });
    const outcomes: string[] = [];
    const expected: string[] = [];
    let guarded = 0;
    for (const route of t.app.operatorAuth.routes()) {
      if (route.access === 'public') continue;
      guarded++;
      const send = async (label: string, headers: Record<string, string>) => {
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: route.url,
          // Wrong automation tokens are throttled per address (10 in 15 minutes): one address per route.
          remoteAddress: `10.2.${guarded}.1`,
          headers: route.method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(route.method === 'POST' ? { payload: '{}' } : {}),
        });
        return `${route.method} ${route.url} ${label} → ${response.statusCode}`;
      };
      const refusals: [string, Record<string, string>, number][] = [
        ['no credential', {}, 401],
        ['shopper token', shopper.headers, 401],
        ['shopper token as operator token', { 'operator-token': shopper.token }, 401],
        ['expired session', expired.headers, 401],
        ['revoked session', revoked.headers, 401],
        ['wrong automation token', { 'admin-token': `${AUTOMATION}x` }, 401],
      ];
      if (Array.isArray(route.access)) {
        const outsider = wrongRole(route.access);
        if (outsider) refusals.push([`wrong role (${outsider.name})`, outsider.headers, 403]);
      }
      for (const [label, headers, status] of refusals) {
        outcomes.push(await send(label, headers));
        expected.push(`${route.method} ${route.url} ${label} → ${status}`);
      }
      // The right role gets past the check (then the empty body may be refused: 400, never 401 or 403).
      if (route.url !== '/api/admin/auth/sign_out') {
        const allowed = await send('right role', chief.headers);
        expect(allowed).not.toMatch(/→ 40[13]$/);
      }
    }
    expect(guarded).toBeGreaterThanOrEqual(37);
    expect(outcomes).toEqual(expected);
    // A HEAD request (Fastify adds one per GET) is guarded like its GET.
    expect((await t.app.inject({ method: 'HEAD', url: '/api/admin/recharges' })).statusCode).toBe(401);
  });

  it('answers the refusals in the translated envelope', async () => {
    const wrong = await call(t.app, {
      method: 'GET',
      url: '/api/admin/recharges',
      headers: { ...support.headers, lang: 'zh-cn' },
    });
    expect(wrong).toMatchObject({ status: 403, code: 0, msg: '您的操作员角色无权执行此操作', data: null });
    const gone = await call(t.app, { method: 'GET', url: '/api/admin/recharges', headers: revoked.headers });
    expect(gone).toMatchObject({ status: 401, code: 401 });
    expect(gone.msg).toMatch(/expired or was ended/);
  });

  it('applies a role change and a disabled account at once, and a reset ends the old password', async () => {
    const temp = await createOperator(t, root, 'temp', ['support']);
    const op = (body: object, url: string) =>
      call(t.app, { method: 'POST', url, headers: root.headers, payload: body });
    expect((await call(t.app, { method: 'GET', url: '/api/admin/recharges', headers: temp.headers })).status).toBe(403);
    expect((await op({ id: temp.id, roles: ['finance'] }, '/api/admin/operator/roles')).code).toBe(1);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/recharges', headers: temp.headers })).code).toBe(1);
    expect((await op({ id: temp.id, disabled: true }, '/api/admin/operator/disabled')).code).toBe(1);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/recharges', headers: temp.headers })).status).toBe(401);
    await expect(signIn(t, temp)).rejects.toThrow(/Wrong operator name, password or verification code/);
    expect((await op({ id: temp.id, disabled: false }, '/api/admin/operator/disabled')).code).toBe(1);
    const again = await signIn(t, temp);
    const reset = await op({ id: temp.id }, '/api/admin/operator/reset');
    expect(reset.code).toBe(1);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/recharges', headers: again.headers })).status).toBe(
      401,
    );
    await expect(signIn(t, temp)).rejects.toThrow(/Wrong operator name/);
    const fresh = await enrol(t, 'temp', (reset.data as { setupCode: string }).setupCode);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/recharges', headers: fresh.headers })).code).toBe(1);
    // The last admin stays.
    const asChief = (body: object) =>
      call(t.app, { method: 'POST', url: '/api/admin/operator/roles', headers: chief.headers, payload: body });
    expect((await asChief({ id: root.id, roles: ['finance'] })).code).toBe(1);
    expect((await asChief({ id: chief.id, roles: ['finance'] })).msg).toBe('At least one admin must remain');
    expect((await asChief({ id: root.id, roles: ['admin'] })).code).toBe(1);
  });

  it('accepts a TOTP code once: the same code cannot open a second session', async () => {
    t.advance(30_000);
    const code = totpCode(t, finance.secret);
    const payload = { name: finance.name, password: finance.password, code };
    const first = await call(t.app, { method: 'POST', url: '/api/admin/auth/sign_in', payload });
    const replay = await call(t.app, { method: 'POST', url: '/api/admin/auth/sign_in', payload });
    expect([first.code, replay.code]).toEqual([1, 0]);
    expect(replay.msg).toBe('This code was just used. Wait for the next code of your authenticator app');
  });
});

describe('bootstrap and enrolment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: AUTOMATION });
  });
  afterAll(() => t.close());

  it('creates the first admin once with the printed code, and answers the otpauth URI and a QR image', async () => {
    const code = await bootstrapCode(t);
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/api/admin/auth/bootstrap',
      payload: { code: `${code.slice(0, -1)}x`, name: 'eve' },
    });
    expect(wrong).toMatchObject({ code: 0, msg: 'This bootstrap code is wrong' });
    // Until the first admin has enrolled, the code starts the set-up again: racing calls each get a set-up
    // code, and only the last one's works (one bootstrap admin, under the last name given).
    const racing = await Promise.all(
      ['ada', 'bob', 'cy'].map((name) =>
        call<{ setupCode: string; operator: { id: number; name: string } }>(t.app, {
          method: 'POST',
          url: '/api/admin/auth/bootstrap',
          payload: { code, name },
        }),
      ),
    );
    expect(racing.filter((reply) => reply.code === 1)).toHaveLength(3);
    expect(new Set(racing.map((reply) => reply.data.operator.id)).size).toBe(1);
    const setups = await Promise.all(
      racing.map((reply) =>
        call(t.app, {
          method: 'POST',
          url: '/api/admin/auth/setup',
          payload: {
            name: reply.data.operator.name,
            setupCode: reply.data.setupCode,
            password: 'a-long-enough-password',
          },
        }),
      ),
    );
    expect(setups.filter((reply) => reply.code === 1)).toHaveLength(1);
    const winner = racing[setups.findIndex((reply) => reply.code === 1)]!.data.operator.name;
    // A new bootstrap call now would start over with a new code; take a fresh one for the winner.
    const again = await call<{ setupCode: string }>(t.app, {
      method: 'POST',
      url: '/api/admin/auth/bootstrap',
      payload: { code, name: winner },
    });
    const setupCode = again.data.setupCode;
    const setup = await call<{ otpauthUri: string; qrCode: string; secret: string }>(t.app, {
      method: 'POST',
      url: '/api/admin/auth/setup',
      payload: { name: winner, setupCode, password: 'a-long-enough-password' },
    });
    expect(setup.data.otpauthUri).toMatch(new RegExp(`^otpauth://totp/.+:${winner}\\?.*secret=${setup.data.secret}`));
    expect(setup.data.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(setup.data.qrCode.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    // Not signed in before the code confirms the enrolment; the set-up code then stops working.
    const early = await call(t.app, {
      method: 'POST',
      url: '/api/admin/auth/sign_in',
      payload: { name: winner, password: 'a-long-enough-password', code: totpCode(t, setup.data.secret) },
    });
    expect(early.status).toBe(401);
    const confirm = { name: winner, setupCode, code: totpCode(t, setup.data.secret) };
    expect((await call(t.app, { method: 'POST', url: '/api/admin/auth/setup_confirm', payload: confirm })).code).toBe(
      1,
    );
    expect((await call(t.app, { method: 'POST', url: '/api/admin/auth/setup_confirm', payload: confirm })).code).toBe(
      0,
    );
    // Enrolled: the bootstrap code is closed for good.
    expect(await t.app.operatorAccounts.bootstrapHint()).toBeUndefined();
    const closed = await call(t.app, {
      method: 'POST',
      url: '/api/admin/auth/bootstrap',
      payload: { code, name: 'eve' },
    });
    expect(closed.msg).toBe('The first admin already exists. Ask an admin for an account');
  });
});

describe('two operators, one item', () => {
  let t: TestApp;
  let root: Operator;
  let first: Operator;
  let second: Operator;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: AUTOMATION });
    [root, first, second] = await staff(t, ['first', 'finance'], ['second', 'finance']);
  });
  afterAll(() => t.close());

  it('two finance operators approve one top-up at once: one succeeds, the other is told who and when', async () => {
    for (let round = 0; round < 5; round++) {
      const shopper = await createShopper(t, `race-shopper-${round}`);
      const topUp = await requestTopUp(t.app, shopper, 2_500);
      expect(topUp.code).toBe(1);
      const id = topUp.data.record.id;
      const replies = await Promise.all(
        [first, second].map((operator) =>
          call<{ operatorName: string; decidedAt: string; operatorId: number }>(t.app, {
            method: 'POST',
            url: '/api/admin/recharge/decide',
            headers: operator.headers,
            payload: { id, agree: true },
          }),
        ),
      );
      const winner = replies[0]!.code === 1 ? first : second;
      const loser = replies.find((reply) => reply.code !== 1);
      expect(replies.filter((reply) => reply.code === 1)).toHaveLength(1);
      expect(loser).toMatchObject({
        status: 409,
        code: 0,
        data: { operatorName: winner.name, operatorId: winner.id, decidedAt: expect.any(String) },
      });
      expect(loser!.msg).toBe(
        `Already decided by ${winner.name} at ${loser!.data.decidedAt.slice(0, 19).replace('T', ' ')} UTC`,
      );
      expect(await balanceOf(t.app, shopper)).toBe(2_500);
      // The audit shows who decided.
      const audit = await call<{ action: string; targetId: string; actor: string; operatorId: number | null }[]>(
        t.app,
        {
          method: 'GET',
          url: '/api/admin/audit?limit=5',
          headers: root.headers,
        },
      );
      expect(audit.data.find((row) => row.action === 'recharge.approve' && row.targetId === String(id))).toMatchObject({
        actor: winner.name,
        operatorId: winner.id,
      });
    }
  });

  it('records the automation token as such', async () => {
    const shopper = await createShopper(t, 'automation-shopper');
    const topUp = await requestTopUp(t.app, shopper, 1_500);
    const decided = await call(t.app, {
      method: 'POST',
      url: '/api/admin/recharge/decide',
      headers: automation,
      payload: { id: topUp.data.record.id, agree: false, reason: 'No payment arrived' },
    });
    expect(decided.code).toBe(1);
    const again = await call<{ operatorName: string }>(t.app, {
      method: 'POST',
      url: '/api/admin/recharge/decide',
      headers: first.headers,
      payload: { id: topUp.data.record.id, agree: true },
    });
    expect(again).toMatchObject({ status: 409, data: { operatorName: 'automation token', operatorId: null } });
  });
});

describe('the automation token', () => {
  it('is off by default in production and with DATABASE_URL, unless asked for', () => {
    expect(loadConfig({}).operatorAutomation).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).operatorAutomation).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).operatorAutomation).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', ADMIN_TOKEN_AUTOMATION: '1' }).operatorAutomation).toBe(true);
    expect(loadConfig({ ADMIN_TOKEN_AUTOMATION: '0' }).operatorAutomation).toBe(false);
  });

  it('opens nothing when off, even when ADMIN_TOKEN is set', async () => {
    const t = await createTestApp({ adminToken: AUTOMATION, operatorAutomation: false });
    try {
      const reply = await call(t.app, { method: 'GET', url: '/api/admin/recharges', headers: automation });
      expect(reply.status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('malformed input to the operator-account calls', () => {
  it('answers every odd body with a 4xx envelope, never 500 or more, signed in or not', async () => {
    const t = await createTestApp({ adminToken: AUTOMATION });
    try {
      const root = await bootstrapAdmin(t);
      const routes = t.app.operatorAuth
        .routes()
        // Sign-out takes no body (and would end the session the sweep uses).
        .filter((route) => /^\/api\/admin\/(auth|operator)/.test(route.url) && route.method === 'POST')
        .filter((route) => route.url !== '/api/admin/auth/sign_out');
      expect(routes.length).toBe(10);
      const values: unknown[] = [
        2_147_483_648,
        -1,
        0.5,
        'a\u0000b',
        '',
        'x'.repeat(20_000),
        ['admin'],
        { id: 1 },
        null,
      ];
      const fields = ['code', 'name', 'setupCode', 'password', 'id', 'roles', 'disabled', 'at', 'proof'];
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        for (const headers of [{}, root.headers]) {
          for (const value of values) {
            for (const body of [
              Object.fromEntries(fields.map((f) => [f, value])),
              ...fields.map((f) => ({ [f]: value })),
            ]) {
              sent++;
              const response = await t.app.inject({
                method: 'POST',
                url: route.url,
                remoteAddress: `10.3.${sent % 250}.${Math.floor(sent / 250) % 250}`,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify(body),
              });
              const envelope = response.json<{ code: number; msg: string }>();
              if (response.statusCode >= 500 || envelope.code === 1 || !envelope.msg) {
                failures.push(`${route.url} ${JSON.stringify(body).slice(0, 60)} → ${response.statusCode}`);
              }
            }
          }
        }
      }
      expect(sent).toBeGreaterThan(1_000);
      expect(failures).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
