jest.setTimeout(120_000);

import { VERIFICATION_HEADER } from '@marketplace/shared/contracts';
import { attemptsPerDay, delayAfter, FREE_ATTEMPTS, MAX_DELAY_MS } from '../src/lib/shared-state';
import { createTestApp, DEMO_SHOPPER, humanToken, type TestApp } from './harness';
import { createShopper, fund } from './orders.helpers';
import { describeWithRedis } from './services';

/**
 * Several API processes (docs/decisions/0007-several-api-processes.md), in one process: sign-in that strangers cannot block, and limits per shopper.
 * Runs on the in-memory store, and again on Redis when a server answers on 127.0.0.1:6379 (the store
 * several processes share; multiprocess-limits.test.ts runs two real processes on it).
 */

const ADMIN = 'test-operator-credential';

const onStore = (store: 'memory' | 'redis', tests: (store: 'memory' | 'redis') => void) =>
  (store === 'redis' ? describeWithRedis : describe)(`on the ${store} store`, () => tests(store));

const storeTests = (store: 'memory' | 'redis') => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      adminToken: ADMIN,
      authRateLimit: { max: 10, windowMs: 60_000 },
      ...(store === 'redis'
        ? { redisUrl: 'redis://127.0.0.1:6379', redisPrefix: `mp-test:${process.pid}:${Date.now()}:` }
        : {}),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = async (account: string, password: string, options: { ip?: string; cookie?: string } = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: options.ip ?? '10.9.0.1',
      headers: {
        [VERIFICATION_HEADER]: await humanToken(t.app),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      payload: { account, password },
    });
    const body = response.json() as { code: number; msg: string; data: { retryAfter?: number } | null };
    return { status: response.statusCode, ...body, setCookie: response.headers['set-cookie'] as string | undefined };
  };

  it('refuses requests without a human check before they count: the owner still signs in', async () => {
    // 25 strangers from 25 addresses, no check (or a made-up one): each refused, none counted.
    for (let i = 0; i < 25; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: `10.50.0.${i}`,
        headers: i % 2 ? { [VERIFICATION_HEADER]: 'made-up' } : {},
        payload: { account: DEMO_SHOPPER.account, password: `guess-${i}` },
      });
      expect((response.json() as { code: number }).code).toBe(428);
    }
    const owner = await login(DEMO_SHOPPER.account, DEMO_SHOPPER.password, { ip: '10.50.1.1' });
    expect({ status: owner.status, code: owner.code }).toEqual({ status: 200, code: 1 });
  });

  it('evaluates at most the free attempts of a parallel burst of wrong guesses, then slows the account down', async () => {
    const account = `burst-${store}`;
    await createShopper(t, account);
    const tokens = await Promise.all(Array.from({ length: 30 }, () => humanToken(t.app)));
    // One instant for the whole burst: on a loaded machine its last guesses could otherwise arrive after the
    // first slot (1 s) opened and rightly be evaluated.
    t.freeze();
    const replies = await Promise.all(
      tokens.map(async (token, i) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: `10.60.${i}.1`,
          headers: { [VERIFICATION_HEADER]: token },
          payload: { account, password: `wrong-${i}` },
        });
        return response.json() as { code: number; msg: string; data: { retryAfter?: number } | null };
      }),
    );
    const evaluated = replies.filter((reply) => reply.code === 0);
    expect(evaluated).toHaveLength(FREE_ATTEMPTS);
    expect(evaluated.every((reply) => reply.msg === 'Account or password is incorrect')).toBe(true);
    const slowed = replies.filter((reply) => reply.code === 429);
    expect(slowed).toHaveLength(30 - FREE_ATTEMPTS);
    expect(slowed[0]).toMatchObject({ msg: 'Too many requests, please try again later', data: { retryAfter: 1 } });

    // The slot opens after the delay: one more try, then twice as long to wait.
    t.advance(delayAfter(FREE_ATTEMPTS) + 10);
    expect((await login(account, 'wrong-again')).code).toBe(0);
    const next = await login(account, 'wrong-again');
    expect(next).toMatchObject({ status: 429, data: { retryAfter: 2 } });
  });

  it('never blocks the owner on a device they signed in on before, whatever strangers try', async () => {
    const account = `owner-${store}`;
    await createShopper(t, account, { password: 'right-password' });

    const first = await login(account, 'right-password', { ip: '10.70.0.1' });
    expect(first.code).toBe(1);
    const cookie = first.setCookie!.split(';')[0]!;
    expect(first.setCookie).toMatch(/HttpOnly/);

    for (let i = 0; i < 12; i++) await login(account, `stranger-${i}`, { ip: `10.71.0.${i}` });
    const stranger = await login(account, 'right-password', { ip: '10.71.1.1' });
    expect(stranger.status).toBe(429);

    // The owner's phone (its cookie) signs in at once, from a new address, while the account is braked.
    const owner = await login(account, 'right-password', { ip: '10.72.0.1', cookie });
    expect({ status: owner.status, code: owner.code }).toEqual({ status: 200, code: 1 });
    // A cookie made for another account, or forged, is no trusted device.
    const forged = await login(account, 'right-password', { ip: '10.72.0.2', cookie: `${cookie.slice(0, -3)}abc` });
    expect(forged.status).toBe(429);
  });

  it('limits withdrawals per shopper: one shopper at the limit does not block another on the same address', async () => {
    const a = await createShopper(t, `carrier-a-${store}`);
    const b = await createShopper(t, `carrier-b-${store}`);
    await fund(t.app, a.account, 100_000);
    await fund(t.app, b.account, 100_000);
    const atSharedAddress = (shopper: typeof a) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/extract',
        remoteAddress: '10.80.0.1',
        headers: shopper.headers,
        payload: {
          drawType: 'bank',
          drawAmount: 200,
          bankCardNo: '4111 1111 1111 1111',
          bankName: 'Test Bank',
          paymentCode: '123456',
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await atSharedAddress(a)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await atSharedAddress(b);
    expect({ status: other.statusCode, code: (other.json() as { code: number }).code }).toEqual({
      status: 200,
      code: 1,
    });
  });
};

onStore('memory', storeTests);
onStore('redis', storeTests);

describe('the sign-in brake schedule', () => {
  it('bounds guesses per account per day at the figure the README states', () => {
    expect([...Array(FREE_ATTEMPTS + 3)].map((_, i) => delayAfter(i + 1))).toEqual([
      0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000,
    ]);
    expect(delayAfter(100)).toBe(MAX_DELAY_MS);
    expect(attemptsPerDay()).toBe(1_449);
  });
});

describe('a Redis outage', () => {
  it('refuses sign-in and limited calls with a clear envelope (fails closed) while catalogue reads go on', async () => {
    const lines: string[] = [];
    // Nothing listens on port 1: Redis is down from the start.
    const down = await createTestApp(
      { adminToken: ADMIN, redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'mp-test-down:' },
      { logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } as never },
    );
    try {
      const signIn = await down.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { [VERIFICATION_HEADER]: await humanToken(down.app) },
        payload: { account: DEMO_SHOPPER.account, password: DEMO_SHOPPER.password },
      });
      expect({ status: signIn.statusCode, body: signIn.json() }).toEqual({
        status: 503,
        body: { code: 503, msg: 'The system is busy, please try again later', data: null },
      });
      const shopper = await createShopper(down, 'outage-shopper');
      const pay = await down.app.inject({
        method: 'POST',
        url: '/api/user/verify_pay',
        headers: shopper.headers,
        payload: { paymentCode: '123456' },
      });
      expect(pay.statusCode).toBe(503);
      const browse = await down.app.inject({ method: 'GET', url: '/api/catalogue/categories' });
      expect({ status: browse.statusCode, code: (browse.json() as { code: number }).code }).toEqual({
        status: 200,
        code: 1,
      });
      expect(lines.join('')).toContain('Redis (shared limits) unavailable');
    } finally {
      await down.close();
    }
  });
});

describeWithRedis('operator-credential guesses with REDIS_URL', () => {
  it('are counted once for every process: 10 wrong from one address on one app, the next on another app is refused', async () => {
    const shared = { adminToken: ADMIN, redisUrl: 'redis://127.0.0.1:6379', redisPrefix: `mp-test-op:${Date.now()}:` };
    const [a, b] = [await createTestApp(shared), await createTestApp(shared)];
    try {
      const guess = (t: TestApp, token: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/admin/orders',
          remoteAddress: '10.90.0.1',
          headers: { 'admin-token': token },
        });
      for (let i = 0; i < 10; i++) expect((await guess(a, `wrong-${i}`)).statusCode).toBe(401);
      expect((await guess(b, 'wrong-again')).statusCode).toBe(429);
      // The right credential from another address still works on either.
      const right = await b.app.inject({
        method: 'GET',
        url: '/api/admin/orders',
        remoteAddress: '10.90.0.2',
        headers: { 'admin-token': ADMIN },
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describeWithRedis('an operator working fast with REDIS_URL', () => {
  it('is never locked out by their own calls: 40 right credentials at once, then every call answers', async () => {
    const t = await createTestApp({
      adminToken: ADMIN,
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: `mp-test-op-fast:${Date.now()}:`,
    });
    try {
      const call = () =>
        t.app.inject({
          method: 'GET',
          url: '/api/admin/orders',
          remoteAddress: '10.91.0.1',
          headers: { 'admin-token': ADMIN },
        });
      // In flight they count until compared: some of a burst may be told to wait, none is a guess.
      const burst = await Promise.all(Array.from({ length: 40 }, call));
      expect(burst.every((response) => [200, 429].includes(response.statusCode))).toBe(true);
      // Once they settle nothing is left counted: the next calls all answer (before: 429 for the window).
      for (let i = 0; i < 15; i++) expect((await call()).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
