import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { TOKEN_TTL_MS } from '@marketplace/shared/contracts';
import { call, createTestApp, DEMO_SHOPPER, humanHeaders, login, register, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const reply = await register(t.app, 'carol', 'carol01', 'carol@example.com');
  expect(reply.code).toBe(1);
  // Reset codes go only to a verified address: carol proves hers with the mailed code.
  const token = await login(t.app, 'carol', 'carol01');
  await call(t.app, { method: 'POST', url: '/api/user/email/send_code', headers: { token } });
  const verified = await call(t.app, {
    method: 'POST',
    url: '/api/user/email/verify',
    headers: { token },
    payload: { code: lastMailedCode() },
  });
  expect(verified).toMatchObject({ code: 1, msg: 'Email verified', data: { emailVerified: true } });
});
afterAll(() => t.close());

const userInfo = (token?: string) =>
  call(t.app, { method: 'GET', url: '/api/user/getUserInfo', headers: token ? { token } : {} });

const outbox = () => path.join(t.config.dataDir, 'outbox');
const lastMailedCode = (): string => {
  const files = readdirSync(outbox()).sort();
  const text = readFileSync(path.join(outbox(), files[files.length - 1]!), 'utf8');
  return /code is (\d{6})/.exec(text)![1]!;
};
const forgot = async (url: string, payload: object) =>
  call(t.app, { method: 'POST', url, headers: await humanHeaders(t.app), payload });
/** "Forgot password" step 2 for carol: the mailed code and a new password, typed twice. */
const resetCarol = (code: string, password: string) =>
  forgot('/api/user/forgot_password/reset', { account: 'carol', code, password, confirmPassword: password });
const CODE_REFUSED = { code: 0, msg: 'The verification code is wrong or has expired' };

describe('tokens', () => {
  it('answers HTTP 401 with "Please login first" when no token is sent', async () => {
    expect(await userInfo()).toMatchObject({ status: 401, code: 401, msg: 'Please login first', data: null });
  });

  it('answers HTTP 401 with an expired-session message for an unknown token', async () => {
    expect(await userInfo('made-up')).toMatchObject({
      status: 401,
      code: 401,
      msg: 'Your session has expired, please login again',
    });
  });

  it('expires a token after 3 days', async () => {
    const token = await login(t.app, 'carol', 'carol01');
    expect((await userInfo(token)).code).toBe(1);
    t.advance(TOKEN_TTL_MS + 1_000);
    expect(await userInfo(token)).toMatchObject({ status: 401, code: 401 });
  });

  it('stores only a hash of each token and argon2id hashes of passwords and payment codes', async () => {
    const token = await login(t.app, DEMO_SHOPPER.account, DEMO_SHOPPER.password);
    const tokens = await t.db.execute(sql`SELECT token_hash FROM user_tokens`);
    const users = await t.db.execute(sql`SELECT password_hash, payment_code_hash FROM users WHERE account = 'demo'`);
    const text = JSON.stringify([tokens, users]);
    expect(text).not.toContain(token);
    expect(text).not.toContain(DEMO_SHOPPER.password);
    expect(text).toContain('$argon2id$v=19$m=19456,t=2,p=1$');
  });

  it('changing the password revokes every token of the user', async () => {
    const first = await login(t.app, 'carol', 'carol01');
    const second = await login(t.app, 'carol', 'carol01');
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/user/resetpwd',
      headers: { token: first },
      payload: { oldPassword: 'carol01', password: 'carol02', confirmPassword: 'carol02' },
    });
    expect(changed.code).toBe(1);
    expect((await userInfo(first)).code).toBe(401);
    expect((await userInfo(second)).code).toBe(401);
  });
});

describe('a stolen session does not become a takeover', () => {
  const profile = (token: string, payload: object) =>
    call(t.app, { method: 'POST', url: '/api/user/profile', headers: { token }, payload });

  it('needs the current password to change the email or mobile, and tells the old address', async () => {
    const token = await login(t.app, 'carol', 'carol02');
    expect(await profile(token, { email: 'thief@example.com' })).toMatchObject({
      code: 0,
      msg: 'Please enter your current password to change the email or mobile',
    });
    expect(await profile(token, { mobile: '+1 555 0100', currentPassword: 'guess-1' })).toMatchObject({
      code: 0,
      msg: 'Current password is incorrect',
    });
    expect((await profile(token, { familyName: 'Carroll' })).code).toBe(1);
    const mails = readdirSync(outbox()).length;
    const changed = await profile(token, { mobile: '+1 555 0100', currentPassword: 'carol02' });
    expect(changed).toMatchObject({ code: 1, data: { mobile: '+1 555 0100', emailVerified: true } });
    const notice = readFileSync(path.join(outbox(), readdirSync(outbox()).sort().at(-1)!), 'utf8');
    expect(readdirSync(outbox())).toHaveLength(mails + 1);
    expect(notice).toMatch(/^To: carol@example\.com/);
    expect(notice).toContain('mobile number of your account carol was changed');
  });

  it('sends no reset code to an email that was never verified', async () => {
    const registered = await register(t.app, 'dave', 'dave001', 'dave@example.com');
    expect(registered.code).toBe(1);
    const mails = readdirSync(outbox()).length;
    const reply = await forgot('/api/user/forgot_password/send', { account: 'dave' });
    expect(reply.code).toBe(1);
    expect(readdirSync(outbox())).toHaveLength(mails);
  });
});

describe('forgot password', () => {
  it('answers the same for an unknown account and mails nothing', async () => {
    const known = await forgot('/api/user/forgot_password/send', { account: 'carol' });
    const files = readdirSync(outbox()).length;
    const unknown = await forgot('/api/user/forgot_password/send', { account: 'nobody' });
    expect(unknown).toEqual(known);
    expect(known).toMatchObject({
      code: 1,
      msg: 'If the account has an email, a verification code has been sent to it',
    });
    expect(readdirSync(outbox())).toHaveLength(files);
  });

  it('resets the password with the mailed 6-digit code, once, and ends all sessions', async () => {
    const session = await login(t.app, 'carol', 'carol02');
    await forgot('/api/user/forgot_password/send', { account: 'carol' });
    const code = lastMailedCode();
    expect(await resetCarol(code, 'carol03')).toMatchObject({ code: 1, msg: 'Change Successful' });
    expect((await userInfo(session)).code).toBe(401);
    await expect(login(t.app, 'carol', 'carol03')).resolves.toEqual(expect.any(String));
    expect(await resetCarol(code, 'carol04')).toMatchObject(CODE_REFUSED);
  });

  it('burns the code after 5 wrong attempts', async () => {
    await forgot('/api/user/forgot_password/send', { account: 'carol' });
    const code = lastMailedCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await resetCarol(wrong, 'carol05')).code).toBe(0);
    }
    expect(await resetCarol(code, 'carol05')).toMatchObject(CODE_REFUSED);
  });

  it('expires the code after 15 minutes', async () => {
    await forgot('/api/user/forgot_password/send', { account: 'carol' });
    const code = lastMailedCode();
    t.advance(15 * 60_000 + 1_000);
    expect(await resetCarol(code, 'carol06')).toMatchObject(CODE_REFUSED);
  });
});

describe('rate limit', () => {
  it('answers 429 "Too many requests" once the free sign-in attempts of one account are spent, not for another account', async () => {
    const limited = await import('./harness').then((h) =>
      h.createTestApp({ authRateLimit: { max: 10, windowMs: 60_000 } }),
    );
    try {
      const attempt = async (account: string) =>
        call(limited.app, {
          method: 'POST',
          url: '/api/user/login',
          headers: await humanHeaders(limited.app),
          payload: { account, password: 'wrong12' },
        });
      for (let i = 0; i < 5; i += 1) expect((await attempt('demo')).code).toBe(0);
      expect(await attempt('demo')).toMatchObject({
        status: 429,
        code: 429,
        msg: 'Too many requests, please try again later',
      });
      expect((await attempt('other')).code).toBe(0);
    } finally {
      await limited.close();
    }
  });
});
