jest.setTimeout(240_000);

import { sql } from 'drizzle-orm';
import { FREE_ATTEMPTS } from '../src/lib/shared-state';
import { rowsOf } from '../src/db/transaction';
import { createTestApp, portAnswers, type TestApp } from './harness';
import { totpCode, type Operator } from './operators.helpers';
import { staff } from './kit';
import { describeWithRedis } from './services';

/**
 * Operators' sign-in on the shoppers' sign-in brake (README, Operators): strangers guessing an operator's
 * name slow down only themselves; a device the operator signed in on before is braked on its own key; a right code sent twice
 * is a replay, not a guess; TOTP secrets are encrypted at rest. In memory, and on Redis when one answers.
 */
const AUTOMATION = 'operator-sign-in-test';

interface SignInReply {
  status: number;
  code: number;
  msg: string;
  data: { token?: string; retryAfter?: number } | null;
  cookie?: string;
}

const signInAs = async (
  t: TestApp,
  body: { name: string; password: string; code: string },
  options: { ip?: string; cookie?: string } = {},
): Promise<SignInReply> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/sign_in',
    remoteAddress: options.ip ?? '10.60.0.1',
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: body,
  });
  // A sign-in that passes also sets the console's session cookie: the device cookie is the brake's.
  const setCookie = ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((value) => value.startsWith('mp_device='));
  return { status: response.statusCode, ...response.json(), cookie: setCookie?.split(';')[0] };
};

const sessionsOf = async (t: TestApp, operator: Operator) => {
  const [row] = await rowsOf<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM operator_sessions WHERE operator_id = ${operator.id}`,
  );
  return Number(row!.n);
};

const tests = (store: 'memory' | 'redis') => {
  let t: TestApp;
  let fin: Operator;
  let fay: Operator;
  let skip = false;
  beforeAll(async () => {
    skip = store === 'redis' && !(await portAnswers(6379));
    if (skip) return;
    t = await createTestApp({
      adminToken: AUTOMATION,
      ...(store === 'redis'
        ? { redisUrl: 'redis://127.0.0.1:6379', redisPrefix: `mp-test-op-brake:${process.pid}:${Date.now()}:` }
        : {}),
    });
    t.freeze();
    [, fin, fay] = await staff(t, ['fin', 'finance'], ['fay', 'finance']);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const right = (who = () => fin) => ({ name: who().name, password: who().password, code: totpCode(t, who().secret) });

  it("60 wrong passwords from strangers: the operator's right password and code on a device used before pass at once", async () => {
    if (skip) return;
    t.advance(30_000);
    const first = await signInAs(t, right());
    expect(first.code).toBe(1);
    expect(first.cookie).toMatch(/^mp_device=/);
    t.advance(30_000);
    const wrong = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signInAs(t, { name: 'fin', password: `stranger-guess-${i}`, code: '123456' }, { ip: `10.61.${i}.7` }),
      ),
    );
    // At most the free attempts were checked; the rest were braked unchecked.
    expect(wrong.filter((reply) => reply.status === 401).length).toBeLessThanOrEqual(FREE_ATTEMPTS);
    expect(wrong.filter((reply) => reply.status === 429).length).toBeGreaterThanOrEqual(60 - FREE_ATTEMPTS);
    expect(wrong.every((reply) => reply.code !== 1)).toBe(true);
    // From a new device the name is braked (retry in seconds, not minutes)…
    const elsewhere = await signInAs(t, right(), { ip: '10.62.0.1' });
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.data?.retryAfter).toBeLessThanOrEqual(60);
    // …but the operator's own device signs in at once, from any address.
    const own = await signInAs(t, right(), { cookie: first.cookie, ip: '10.62.0.2' });
    expect(own).toMatchObject({ status: 200, code: 1 });
    expect(own.data?.token).toBeTruthy();
  });

  it('12 parallel sign-ins with one valid code: one session, no wrong guess counted, the operator not locked', async () => {
    if (skip) return;
    t.advance(30_000);
    const before = await sessionsOf(t, fay);
    const body = right(() => fay);
    const replies = await Promise.all(Array.from({ length: 12 }, () => signInAs(t, body, { ip: '10.63.0.1' })));
    expect(replies.filter((reply) => reply.code === 1)).toHaveLength(1);
    expect(await sessionsOf(t, fay)).toBe(before + 1);
    // The others: the code was just used (no session), or braked for a second; none is a wrong guess.
    expect(replies.filter((reply) => reply.status === 401)).toEqual([]);
    for (const reply of replies.filter((r) => r.code !== 1)) {
      if (reply.status === 429) expect(reply.data?.retryAfter).toBeLessThanOrEqual(1);
      else expect(reply.msg).toBe('This code was just used. Wait for the next code of your authenticator app');
    }
    // Not locked: the next code signs in at once, from a device never seen.
    t.advance(30_000);
    expect(
      (
        await signInAs(
          t,
          right(() => fay),
          { ip: '10.63.0.2' },
        )
      ).code,
    ).toBe(1);
  });

  it('50 parallel wrong codes with the right password get at most the free attempts checked', async () => {
    if (skip) return;
    t.advance(30_000);
    const good = totpCode(t, fin.secret);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const code = String((i * 7919 + 1) % 1_000_000).padStart(6, '0');
        return signInAs(
          t,
          { name: 'fin', password: fin.password, code: code === good ? '999999' : code },
          { ip: `10.64.${i}.1` },
        );
      }),
    );
    const checked = replies.filter((reply) => reply.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(FREE_ATTEMPTS);
    // Every other one is refused unchecked: 429, or 503 when the shared store timed out under load (it fails
    // closed, docs/decisions/0007-several-api-processes.md). None is a session.
    expect(replies.filter((reply) => ![401, 429, 503].includes(reply.status))).toEqual([]);
  });

  it('keeps the TOTP secret encrypted in the database, and seals a secret stored in clear before', async () => {
    if (skip) return;
    const stored = async () =>
      (await rowsOf<{ s: string }>(t.db, sql`SELECT totp_secret AS s FROM operators WHERE name = 'fin'`))[0]!.s;
    const sealed = await stored();
    expect(sealed).not.toContain(fin.secret);
    expect(sealed).toMatch(/^enc1:/);
    // A row written before encryption (plain base32) is sealed by the start-up migration and still works.
    await t.db.execute(sql`UPDATE operators SET totp_secret = ${fin.secret} WHERE name = 'fin'`);
    expect(await t.app.operatorAccounts.sealStoredSecrets()).toBe(1);
    expect(await stored()).not.toContain(fin.secret);
    t.advance(300_000);
    expect((await signInAs(t, right(), { ip: '10.65.0.1' })).code).toBe(1);
  });
};

for (const store of ['memory', 'redis'] as const) {
  (store === 'redis' ? describeWithRedis : describe)(`operator sign-in on the ${store} brake`, () => tests(store));
}
