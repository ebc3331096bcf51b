import { PAYMENT_CODE_LOCK_MINUTES, type VerifyPayFailure } from '@marketplace/shared/contracts';
import { call, humanHeaders, login, openAsDemoShopper, type TestApp } from './harness';

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await openAsDemoShopper()));
afterAll(() => t.close());

const post = async (url: string, payload: object, headers: Record<string, string> = {}) =>
  call<unknown>(t.app, { method: 'POST', url, payload, headers: { token, ...headers } });
const register = async (payload: object) => post('/api/user/register', payload, await humanHeaders(t.app));

describe('accounts: validation rules of requirements §3.3-§3.5', () => {
  it.each([
    [{ account: '', password: 'x' }],
    [{ account: 'demo', password: '' }],
    [{ account: '   ', password: '' }],
    [{ password: 'x' }],
    [{ account: 'demo' }],
  ])('login without account or password says "Please input account and password" (%j)', async (payload) => {
    const reply = await post('/api/user/login', payload, await humanHeaders(t.app));
    expect(reply).toMatchObject({ code: 0, msg: 'Please input account and password' });
  });

  it('login with a wrong password fails without saying which part was wrong', async () => {
    const wrong = await post('/api/user/login', { account: 'demo', password: 'nope123' }, await humanHeaders(t.app));
    const unknown = await post('/api/user/login', { account: 'ghost', password: 'nope123' }, await humanHeaders(t.app));
    expect(wrong).toMatchObject({ code: 0, msg: 'Account or password is incorrect' });
    expect(unknown.msg).toBe(wrong.msg);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please fill correct email'],
    [{ mobile: 'call me' }, 'Please fill correct mobile phone number'],
    [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters long'],
    [{ confirmPassword: 'other12' }, 'Passwords do not match'],
  ])('register with %j says "%s"', async (change, msg) => {
    const reply = await register({ account: 'bob', password: 'secret1', confirmPassword: 'secret1', ...change });
    expect(reply).toMatchObject({ code: 0, msg });
  });

  it('refuses to register an account twice', async () => {
    const reply = await register({ account: 'demo', password: 'secret1', confirmPassword: 'secret1' });
    expect(reply).toMatchObject({ code: 0, msg: 'This account is already registered' });
  });

  it('profile refuses a wrong email or mobile', async () => {
    expect(await post('/api/user/profile', { email: 'x@' })).toMatchObject({
      code: 0,
      msg: 'Please fill correct email',
    });
    expect(await post('/api/user/profile', { mobile: '12' })).toMatchObject({
      code: 0,
      msg: 'Please fill correct mobile phone number',
    });
  });

  it.each([
    [{ oldPassword: '', password: 'newpass1', confirmPassword: 'newpass1' }, 'Old password is required'],
    [
      { oldPassword: 'demo123', password: 'short', confirmPassword: 'short' },
      'Password must be at least 6 characters long',
    ],
    [{ oldPassword: 'demo123', password: 'newpass1', confirmPassword: 'newpass2' }, 'Passwords do not match'],
    [
      { oldPassword: 'demo123', password: 'demo123', confirmPassword: 'demo123' },
      'New password must be different from the old one',
    ],
    [{ oldPassword: 'wrong12', password: 'newpass1', confirmPassword: 'newpass1' }, 'Old password is incorrect'],
  ])('resetpwd with %j says "%s"', async (payload, msg) => {
    expect(await post('/api/user/resetpwd', payload)).toMatchObject({ code: 0, msg });
  });

  it.each([
    [
      { oldPaymentCode: '123456', paymentCode: '12ab56', confirmPaymentCode: '12ab56' },
      'Payment code must be digits only, at least 6',
    ],
    [
      { oldPaymentCode: '123456', paymentCode: '12345', confirmPaymentCode: '12345' },
      'Payment code must be digits only, at least 6',
    ],
    [{ oldPaymentCode: '123456', paymentCode: '654321', confirmPaymentCode: '654320' }, 'Passwords do not match'],
    [{ oldPaymentCode: '', paymentCode: '654321', confirmPaymentCode: '654321' }, 'Old password is required'],
    [{ oldPaymentCode: '000000', paymentCode: '654321', confirmPaymentCode: '654321' }, 'Old password is incorrect'],
    [
      { oldPaymentCode: '123456', paymentCode: '123456', confirmPaymentCode: '123456' },
      'New password must be different from the old one',
    ],
  ])('resetPay with %j says "%s"', async (payload, msg) => {
    expect(await post('/api/user/resetPay', payload)).toMatchObject({ code: 0, msg });
  });

  it('set_language refuses a code outside the 34 languages', async () => {
    const reply = await call(t.app, { method: 'GET', url: '/api/user/set_language?lang=xx', headers: { token } });
    expect(reply).toMatchObject({ code: 0, msg: 'This language is not supported' });
  });

  it('names the field when a value has the wrong type', async () => {
    const reply = await post('/api/user/profile', { familyName: 42 });
    expect(reply).toMatchObject({ code: 0, msg: 'familyName is invalid' });
  });
});

describe('verify_pay', () => {
  // resetPay's wrong old codes above count against the same counter; a right code starts it again.
  beforeAll(async () => {
    expect((await post('/api/user/verify_pay', { paymentCode: '123456' })).code).toBe(1);
  });

  it('without a payment code set says so, with reason PAYMENT_CODE_NOT_SET', async () => {
    await register({ account: 'nopay', password: 'secret1', confirmPassword: 'secret1' });
    const nopay = await login(t.app, 'nopay', 'secret1');
    const reply = await call(t.app, {
      method: 'POST',
      url: '/api/user/verify_pay',
      headers: { token: nopay },
      payload: { paymentCode: '123456' },
    });
    expect(reply).toMatchObject({
      code: 0,
      msg: 'Please set your payment code in settings first',
      data: { reason: 'PAYMENT_CODE_NOT_SET' },
    });
  });

  it('says "Pay Fail" with the attempts left, and a right code resets the counter', async () => {
    const wrong = await post('/api/user/verify_pay', { paymentCode: '000000' });
    expect(wrong).toMatchObject({ code: 0, msg: 'Pay Fail', data: { reason: 'WRONG_PAYMENT_CODE', attemptsLeft: 4 } });
    expect((await post('/api/user/verify_pay', { paymentCode: '123456' })).code).toBe(1);
    const again = await post('/api/user/verify_pay', { paymentCode: '000000' });
    expect(again.data).toEqual({ reason: 'WRONG_PAYMENT_CODE', attemptsLeft: 4 });
    expect((await post('/api/user/verify_pay', { paymentCode: '123456' })).code).toBe(1);
  });

  it('locks paying for 30 minutes after 5 wrong codes, even for the right code, then unlocks', async () => {
    const replies = [];
    for (let i = 0; i < 5; i += 1) replies.push(await post('/api/user/verify_pay', { paymentCode: '999999' }));
    expect(replies.slice(0, 4).map((r) => (r.data as { attemptsLeft: number }).attemptsLeft)).toEqual([4, 3, 2, 1]);
    const locked = replies[4]!;
    expect(locked.code).toBe(0);
    expect(locked.msg).toMatch(/^Too many wrong payment codes\. Paying is locked until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const data = locked.data as Extract<VerifyPayFailure, { reason: 'PAYMENT_LOCKED' }>;
    expect(data.reason).toBe('PAYMENT_LOCKED');
    expect(new Date(data.lockedUntil).getTime() - t.config.now().getTime()).toBeGreaterThan(29 * 60_000);

    const right = await post('/api/user/verify_pay', { paymentCode: '123456' });
    expect(right).toMatchObject({ code: 0, data: { reason: 'PAYMENT_LOCKED' } });

    t.advance(PAYMENT_CODE_LOCK_MINUTES * 60_000 + 1_000);
    expect((await post('/api/user/verify_pay', { paymentCode: '123456' })).code).toBe(1);
    const fresh = await post('/api/user/verify_pay', { paymentCode: '000000' });
    expect(fresh.data).toEqual({ reason: 'WRONG_PAYMENT_CODE', attemptsLeft: 4 });
  });
});
