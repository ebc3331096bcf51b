import { LANGUAGES, TOKEN_TTL_MS, type LoginResult, type UserInfo } from '@marketplace/shared/contracts';
import { call, createTestApp, DEMO_SHOPPER, humanHeaders, login, postAs, register, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('accounts: happy paths', () => {
  it('seeds the demo shopper with a $1,000.00 balance and a payment code', async () => {
    const token = await login(t.app, DEMO_SHOPPER.account, DEMO_SHOPPER.password);
    const info = await call<UserInfo>(t.app, { method: 'GET', url: '/api/user/getUserInfo', headers: { token } });
    expect(info).toMatchObject({ status: 200, code: 1 });
    expect(info.data).toMatchObject({
      account: 'demo',
      email: 'demo@example.com',
      balance: 100_000,
      hasPaymentCode: true,
      lang: 'en',
    });
  });

  it('registers with "Register Success", then logs in with "Login Success" and data.userinfo.token', async () => {
    const registered = await register(t.app, 'alice', 'secret1', 'alice@example.com');
    expect(registered).toMatchObject({ code: 1, msg: 'Register Success' });

    const loggedIn = await call<LoginResult>(t.app, {
      method: 'POST',
      url: '/api/user/login',
      headers: await humanHeaders(t.app),
      payload: { account: 'alice', password: 'secret1' },
    });
    expect(loggedIn).toMatchObject({ code: 1, msg: 'Login Success' });
    expect(loggedIn.data.userinfo).toMatchObject({ account: 'alice', email: 'alice@example.com', balance: 0 });
    expect(loggedIn.data.userinfo.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers in the language of the lang/language headers', async () => {
    const reply = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      headers: { ...(await humanHeaders(t.app)), lang: 'zh-cn', language: 'zh-cn' },
      payload: { account: 'demo', password: DEMO_SHOPPER.password },
    });
    expect(reply).toMatchObject({ code: 1, msg: '登录成功' });
  });

  it('saves the profile with "Save successful"', async () => {
    const token = await login(t.app, 'alice', 'secret1');
    const saved = await postAs<UserInfo>(t.app, { headers: { token } }, '/api/user/profile', {
      familyName: 'Liddell',
      givenName: 'Alice',
      mobile: '+44 20 7946 0958',
      currentPassword: 'secret1',
    });
    expect(saved).toMatchObject({ code: 1, msg: 'Save successful' });
    const info = await call<UserInfo>(t.app, { method: 'GET', url: '/api/user/getUserInfo', headers: { token } });
    expect(info.data).toMatchObject({ familyName: 'Liddell', givenName: 'Alice', mobile: '+44 20 7946 0958' });
  });

  it('sets a first payment code with the old one left empty, then changes it with the old one', async () => {
    const alice = { headers: { token: await login(t.app, 'alice', 'secret1') } };
    const resetPay = (oldPaymentCode: string, paymentCode: string) =>
      postAs(t.app, alice, '/api/user/resetPay', { oldPaymentCode, paymentCode, confirmPaymentCode: paymentCode });
    expect(await resetPay('', '111111')).toMatchObject({ code: 1, msg: 'Setting Success' });
    expect(await resetPay('111111', '2222222')).toMatchObject({ code: 1, msg: 'Setting Success' });
    const verified = await postAs(t.app, alice, '/api/user/verify_pay', { paymentCode: '2222222' });
    expect(verified.code).toBe(1);
  });

  it('changes the login password with "Change Successful"', async () => {
    const token = await login(t.app, 'alice', 'secret1');
    const changed = await postAs(t.app, { headers: { token } }, '/api/user/resetpwd', {
      oldPassword: 'secret1',
      password: 'secret2',
      confirmPassword: 'secret2',
    });
    expect(changed).toMatchObject({ code: 1, msg: 'Change Successful' });
    await expect(login(t.app, 'alice', 'secret2')).resolves.toEqual(expect.any(String));
  });

  it('lists the 34 languages and stores the chosen one with "Setting Success"', async () => {
    const list = await call<{ file_name: string }[]>(t.app, { method: 'GET', url: '/api/user/language_list' });
    expect(list.code).toBe(1);
    expect(list.data.map((lang) => lang.file_name)).toEqual(LANGUAGES.map((lang) => lang.file_name));

    const token = await login(t.app, 'alice', 'secret2');
    const set = await call(t.app, {
      method: 'GET',
      url: '/api/user/set_language?lang=zh-cn',
      headers: { token, lang: 'en' },
    });
    expect(set).toMatchObject({ code: 1, msg: 'Setting Success' });
    const info = await call<UserInfo>(t.app, { method: 'GET', url: '/api/user/getUserInfo', headers: { token } });
    expect(info.data.lang).toBe('zh-cn');
  });

  it('logs out (POST /api/user/logout?lang=zh-cn) and the token stops working', async () => {
    const token = await login(t.app, 'alice', 'secret2');
    const out = await call(t.app, { method: 'POST', url: '/api/user/logout?lang=zh-cn', headers: { token } });
    expect(out).toMatchObject({ code: 1, msg: '退出成功' });
    const after = await call(t.app, { method: 'GET', url: '/api/user/getUserInfo', headers: { token } });
    expect(after).toMatchObject({ status: 401, code: 401 });
  });

  it('logs out an expired, revoked or unknown token successfully (logout is idempotent)', async () => {
    const token = await login(t.app, 'alice', 'secret2');
    const first = await call(t.app, { method: 'POST', url: '/api/user/logout', headers: { token } });
    expect(first).toMatchObject({ code: 1 });
    const again = await call(t.app, { method: 'POST', url: '/api/user/logout', headers: { token } });
    expect(again).toMatchObject({ status: 200, code: 1 });
    const unknown = await call(t.app, { method: 'POST', url: '/api/user/logout', headers: { token: 'no-such-token' } });
    expect(unknown).toMatchObject({ status: 200, code: 1 });
    const expired = await login(t.app, 'demo', DEMO_SHOPPER.password);
    t.advance(TOKEN_TTL_MS + 60_000);
    expect(
      await call(t.app, { method: 'GET', url: '/api/user/getUserInfo', headers: { token: expired } }),
    ).toMatchObject({ code: 401 });
    expect(await call(t.app, { method: 'POST', url: '/api/user/logout', headers: { token: expired } })).toMatchObject({
      status: 200,
      code: 1,
    });
  });

  it('keeps a token valid for just under 3 days', async () => {
    const token = await login(t.app, 'demo', DEMO_SHOPPER.password);
    t.advance(TOKEN_TTL_MS - 60_000);
    const info = await call(t.app, { method: 'GET', url: '/api/user/getUserInfo', headers: { token } });
    expect(info.code).toBe(1);
  });
});
