jest.setTimeout(240_000);

import { eq } from 'drizzle-orm';
import { operatorSessions } from '../src/db/schema/operators';
import { sha256 } from '../src/lib/secrets';
import { loadConfig } from '../src/config/config';
import { OPERATOR_LOCK } from '../src/modules/operators/operator-credentials';
import { call, createTestApp, portAnswers, type TestApp } from './harness';
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
 * Operator accounts (docs/decisions/0002-operator-accounts.md): every operator call refuses a missing credential, a wrong role, an
 * expired or revoked session and a shopper's token; sign-in and TOTP guesses lock after a bounded number
 * of tries under 50 parallel attempts; two operators deciding one item: one decision, the other is told
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
    expect([first.code, replay.code]).toEqual([1, 401]);
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
    const racing = await Promise.all(
      ['ada', 'bob', 'cy'].map((name) =>
        call<{ setupCode: string }>(t.app, {
          method: 'POST',
          url: '/api/admin/auth/bootstrap',
          payload: { code, name },
        }),
      ),
    );
    expect(racing.filter((reply) => reply.code === 1)).toHaveLength(1);
    expect(await t.app.operatorAccounts.bootstrapHint()).toBeUndefined();
    const winner = ['ada', 'bob', 'cy'][racing.findIndex((reply) => reply.code === 1)]!;
    const setupCode = racing.find((reply) => reply.code === 1)!.data.setupCode;
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
  });
});

/** 50 parallel attempts; what they were answered: evaluated and wrong (401) or refused as locked (429). */
const burst = async (t: TestApp, payload: () => object, n = 50) => {
  const replies = await Promise.all(
    Array.from({ length: n }, () =>
      call(t.app, { method: 'POST', url: '/api/admin/auth/sign_in', payload: payload() }),
    ),
  );
  return {
    wrong: replies.filter((r) => r.status === 401).length,
    locked: replies.filter((r) => r.status === 429).length,
  };
};

type AppOverrides = NonNullable<Parameters<typeof createTestApp>[0]>;

/**
 * The counters to try: in memory, and in Redis when one answers. Each call gives a fresh Redis prefix: a
 * prefix shared by two tests carried the first test's lock into the second (its 50 TOTP guesses were all
 * refused by the password lock the wrong-password burst had left, so no code was ever tried).
 */
const lockVariants = async (): Promise<[string, () => AppOverrides][]> => {
  const variants: [string, () => AppOverrides][] = [['memory counters', () => ({})]];
  if (await portAnswers(6379)) {
    variants.push([
      'Redis counters',
      () => ({
        redisUrl: 'redis://127.0.0.1:6379',
        redisPrefix: `mp-test-operators:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}:`,
      }),
    ]);
  }
  return variants;
};

describe('operator sign-in locks like the payment code', () => {
  let variants: Awaited<ReturnType<typeof lockVariants>>;
  beforeAll(async () => {
    variants = await lockVariants();
  });

  it('50 parallel wrong passwords get at most 5 evaluated, then even the right one is refused until the window ends', async () => {
    for (const [, fresh] of variants) {
      const overrides = fresh();
      const t = await createTestApp({ adminToken: AUTOMATION, ...overrides });
      try {
        const [root, fin] = await staff(t, ['fin', 'finance']);
        t.advance(30_000);
        const counts = await burst(t, () => ({
          name: 'fin',
          password: 'wrong-password-guess',
          code: totpCode(t, fin.secret),
        }));
        expect(counts).toEqual({ wrong: OPERATOR_LOCK.attempts, locked: 50 - OPERATOR_LOCK.attempts });
        const right = await call(t.app, {
          method: 'POST',
          url: '/api/admin/auth/sign_in',
          payload: { name: 'fin', password: fin.password, code: totpCode(t, fin.secret) },
        });
        expect(right).toMatchObject({
          status: 429,
          msg: 'Too many failed attempts: this sign-in is locked for 15 minutes',
        });
        // Another operator from another address is not locked by fin's guesses (this address is, by now).
        t.advance(30_000);
        const other = await call(t.app, {
          method: 'POST',
          url: '/api/admin/auth/sign_in',
          remoteAddress: '10.0.0.9',
          payload: { name: root.name, password: root.password, code: totpCode(t, root.secret) },
        });
        expect(other.code).toBe(1);
      } finally {
        await t.close();
      }
    }
  });

  it('50 parallel wrong TOTP codes with the right password get at most 5 evaluated, then the right code is refused', async () => {
    for (const [, fresh] of variants) {
      const overrides = fresh();
      const t = await createTestApp({ adminToken: AUTOMATION, ...overrides });
      try {
        const [, fin] = await staff(t, ['fin', 'finance']);
        t.advance(30_000);
        const right = totpCode(t, fin.secret);
        let guess = 0;
        const counts = await burst(t, () => {
          let code = String((guess++ * 7919) % 1_000_000).padStart(6, '0');
          if (code === right) code = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
          return { name: 'fin', password: fin.password, code };
        });
        // The password counter lets 5 through at once, each evaluated by the TOTP counter: at most 5 codes tried.
        expect(counts.wrong).toBeLessThanOrEqual(OPERATOR_LOCK.attempts);
        // Some codes were really tried (the bound is not met by refusing everything unseen).
        expect(counts.wrong).toBeGreaterThanOrEqual(1);
        expect(counts.wrong + counts.locked).toBe(50);
        // Sequentially, the code counter runs out too, and then the right code is refused.
        for (let i = 0; i < OPERATOR_LOCK.attempts; i++) {
          await call(t.app, {
            method: 'POST',
            url: '/api/admin/auth/sign_in',
            payload: { name: 'fin', password: fin.password, code: '000000' === right ? '000001' : '000000' },
          });
        }
        const after = await call(t.app, {
          method: 'POST',
          url: '/api/admin/auth/sign_in',
          payload: { name: 'fin', password: fin.password, code: right },
        });
        expect(after.status).toBe(429);
        t.advance(OPERATOR_LOCK.windowMs + 60_000);
        if (!overrides.redisUrl) expect((await signIn(t, fin)).token).toBeTruthy();
      } finally {
        await t.close();
      }
    }
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
      expect(routes.length).toBe(9);
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
      const fields = ['code', 'name', 'setupCode', 'password', 'id', 'roles', 'disabled'];
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
