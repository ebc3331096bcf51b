import type { Challenge } from 'altcha-lib';
import { call, createTestApp, humanToken, solvePayload, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginWith = (headers: Record<string, string>) =>
  call(t.app, { method: 'POST', url: '/api/user/login', headers, payload: { account: 'demo', password: 'demo123' } });

describe('human verification (ALTCHA)', () => {
  it('issues a signed v2 challenge that expires in 10 minutes', async () => {
    const reply = await call<Challenge>(t.app, { method: 'GET', url: '/api/verification/challenge' });
    expect(reply.code).toBe(1);
    expect(reply.data.parameters).toMatchObject({
      algorithm: 'SHA-256',
      keyPrefix: expect.stringMatching(/^[0-9a-f]+$/),
    });
    expect(reply.data.signature).toEqual(expect.any(String));
    const ttl = reply.data.parameters.expiresAt! * 1000 - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('trades a solved challenge for a token valid 30 minutes', async () => {
    const reply = await call<{ verificationToken: string; expiresAt: string }>(t.app, {
      method: 'POST',
      url: '/api/verification/verify',
      payload: { payload: await solvePayload(t.app) },
    });
    expect(reply).toMatchObject({ code: 1, msg: 'Verification Success' });
    expect(new Date(reply.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('refuses a replayed payload', async () => {
    const payload = await solvePayload(t.app);
    const first = await call(t.app, { method: 'POST', url: '/api/verification/verify', payload: { payload } });
    const second = await call(t.app, { method: 'POST', url: '/api/verification/verify', payload: { payload } });
    expect(first.code).toBe(1);
    expect(second).toMatchObject({ code: 0, msg: 'Human verification failed, please try again' });
  });

  it('refuses a wrong solution and a tampered challenge', async () => {
    const payload = JSON.parse(Buffer.from(await solvePayload(t.app), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrongSolution = { ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } };
    const tampered = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, keyPrefix: '0' } },
    };
    for (const bad of [encode(wrongSolution), encode(tampered), 'not base64 json']) {
      const reply = await call(t.app, { method: 'POST', url: '/api/verification/verify', payload: { payload: bad } });
      expect(reply).toMatchObject({ code: 0, msg: 'Human verification failed, please try again' });
    }
  });

  it('login, register and forgot password answer 428 without a valid token', async () => {
    for (const url of [
      '/api/user/login',
      '/api/user/register',
      '/api/user/forgot_password/send',
      '/api/user/forgot_password/reset',
    ]) {
      const reply = await call(t.app, { method: 'POST', url, payload: {} });
      expect(reply).toMatchObject({ code: 428, msg: 'Please complete the human verification first' });
    }
    expect((await loginWith({ 'human-verification': 'forged' })).code).toBe(428);
  });

  it('accepts the token again within 30 minutes and refuses it after', async () => {
    const token = await humanToken(t.app);
    expect((await loginWith({ 'human-verification': token })).code).toBe(1);
    t.advance(29 * 60_000);
    expect((await loginWith({ 'human-verification': token })).code).toBe(1);
    t.advance(2 * 60_000);
    expect((await loginWith({ 'human-verification': token })).code).toBe(428);
  });

  it('sets a signed HttpOnly device cookie that passes every tab of the browser for a day, and no longer', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/verification/verify',
      payload: { payload: await solvePayload(t.app) },
    });
    const setCookie = String(reply.headers['set-cookie']);
    expect(setCookie).toMatch(/^mp_human=\d+\.[\w-]+; Path=\/api; Max-Age=86400; HttpOnly; SameSite=Strict$/);
    const until = (reply.json() as { data: { deviceVerifiedUntil: string } }).data.deviceVerifiedUntil;
    expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const cookie = setCookie.split(';')[0]!;
    // A new tab has no token of its own: the cookie alone passes, more often than a token's uses.
    for (let n = 0; n < 7; n += 1) expect((await loginWith({ cookie })).code).toBe(1);
    t.advance(23 * 3_600_000);
    expect((await loginWith({ cookie })).code).toBe(1);
    t.advance(2 * 3_600_000);
    expect((await loginWith({ cookie })).code).toBe(428);
  });

  it('refuses a forged, altered or unsigned device cookie with 428', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/verification/verify',
      payload: { payload: await solvePayload(t.app) },
    });
    const [value = ''] = String(reply.headers['set-cookie']).split(';');
    const [name, signed = ''] = value.split('=');
    const [until = '', signature = ''] = signed.split('.');
    for (const cookie of [
      `${name}=${Number(until) + 86_400}.${signature}`,
      `${name}=${until}.${signature.slice(1)}x`,
      `${name}=${until}`,
      `${name}=${'9'.repeat(12)}.forged`,
      `${name}=..`,
    ]) {
      expect((await loginWith({ cookie })).code).toBe(428);
    }
  });
});
