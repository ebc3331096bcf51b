import { PAYMENT_CODE_MAX_FAILURES } from '@marketplace/shared/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { appWith, call, createShopper, mailsTo, PAYMENT_CODE, verifyPay, type Shopper, type TestApp } from './kit';

/**
 * "Forgot payment code?" (docs/decisions/0009-shopper-app-review.md): a code mailed to the shopper's email replaces the old payment code.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
beforeAll(async () => ({ t } = await appWith()));
afterAll(() => t.close());

const WRONG_CODE_MSG = 'The verification code is wrong or has expired';
const NO_EMAIL_MSG = 'Add an email address in Security first: the code that resets your payment code is sent to it';

const shopperWithEmail = async (account: string, verified = false) => {
  const shopper = await createShopper(t, account);
  await t.db
    .update(users)
    .set({ email: `${account}@example.com`, emailVerifiedAt: verified ? new Date() : null })
    .where(eq(users.id, shopper.id));
  return shopper;
};

const lastCode = (account: string) => {
  const mail = mailsTo(t, account).findLast((text) => text.includes('Subject: Your payment code reset code'));
  return /code is (\d{6})/.exec(mail ?? '')?.[1] ?? '';
};
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

const send = (shopper: Shopper) =>
  call(t.app, { method: 'POST', url: '/api/user/forgot_pay/send', headers: shopper.headers });
const reset = (shopper: Shopper, code: string, paymentCode = '654321', confirmPaymentCode = paymentCode) =>
  call(t.app, {
    method: 'POST',
    url: '/api/user/forgot_pay/reset',
    headers: shopper.headers,
    payload: { code, paymentCode, confirmPaymentCode },
  });

describe('forgot payment code: a mailed code instead of the old one', () => {
  it('mails a code, sets the new payment code with it, clears the lock and mails a notice', async () => {
    const shopper = await shopperWithEmail('forgetful');
    // Locked by wrong codes first: the forgotten code cannot be guessed any more.
    for (let i = 0; i < PAYMENT_CODE_MAX_FAILURES; i += 1) await verifyPay(t, shopper, String(900_001 + i));
    expect((await verifyPay(t, shopper, PAYMENT_CODE)).data).toMatchObject({ reason: 'PAYMENT_LOCKED' });

    expect(await send(shopper)).toMatchObject({ code: 1, msg: 'A verification code has been sent to your email' });
    const code = lastCode('forgetful');
    expect(code).toMatch(/^\d{6}$/);
    expect(await reset(shopper, code)).toMatchObject({ status: 200, code: 1, msg: 'Setting Success' });

    // Lock cleared; the new code pays, the old one no longer does.
    expect(await verifyPay(t, shopper, '654321')).toMatchObject({ code: 1 });
    expect((await verifyPay(t, shopper, PAYMENT_CODE)).data).toMatchObject({ reason: 'WRONG_PAYMENT_CODE' });
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row?.paymentLockedUntil).toBeNull();
    // The code proved the address.
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(mailsTo(t, 'forgetful').at(-1)).toContain('Subject: Your payment code was reset');
    // Spent: the same code does not work twice.
    expect(await reset(shopper, code, '778899')).toMatchObject({ code: 0, msg: WRONG_CODE_MSG });
    // The path of requirements §3.4 is unchanged: changing with the old code still needs it.
    const change = await call(t.app, {
      method: 'POST',
      url: '/api/user/resetPay',
      headers: shopper.headers,
      payload: { paymentCode: '112233', confirmPaymentCode: '112233' },
    });
    expect(change).toMatchObject({ code: 0, msg: 'Old password is required' });
  });

  it('counts every guess before checking it: after 5 wrong codes the right one is refused too', async () => {
    const shopper = await shopperWithEmail('guesser', true);
    expect((await send(shopper)).code).toBe(1);
    const code = lastCode('guesser');
    // Parallel wrong guesses cannot get more than 5 evaluations.
    const wrong = await Promise.all(Array.from({ length: 8 }, () => reset(shopper, otherCode(code))));
    expect(wrong.every((reply) => reply.code === 0 && reply.msg === WRONG_CODE_MSG)).toBe(true);
    expect(await reset(shopper, code)).toMatchObject({ code: 0, msg: WRONG_CODE_MSG });
    expect(await verifyPay(t, shopper, PAYMENT_CODE)).toMatchObject({ code: 1 });
    // A new code starts a new count, and the verify-email code is a separate one.
    expect((await send(shopper)).code).toBe(1);
    expect(await reset(shopper, lastCode('guesser'))).toMatchObject({ code: 1 });
  });

  it('refuses an expired code', async () => {
    const shopper = await shopperWithEmail('slow');
    expect((await send(shopper)).code).toBe(1);
    const code = lastCode('slow');
    t.advance(16 * 60_000);
    expect(await reset(shopper, code)).toMatchObject({ code: 0, msg: WRONG_CODE_MSG });
    expect(await verifyPay(t, shopper, PAYMENT_CODE)).toMatchObject({ code: 1 });
  });

  it('a code mailed to an old address does not work after the email changed', async () => {
    const shopper = await shopperWithEmail('mover');
    expect((await send(shopper)).code).toBe(1);
    const code = lastCode('mover');
    await t.db.update(users).set({ email: 'elsewhere@example.com' }).where(eq(users.id, shopper.id));
    expect(await reset(shopper, code)).toMatchObject({ code: 0, msg: WRONG_CODE_MSG });
    expect(await verifyPay(t, shopper, PAYMENT_CODE)).toMatchObject({ code: 1 });
  });

  it('tells a shopper with no email to add one in Security, in their language', async () => {
    const shopper = await createShopper(t, 'no-mail');
    expect(await send(shopper)).toMatchObject({ status: 200, code: 0, msg: NO_EMAIL_MSG });
    expect(await reset(shopper, '123456')).toMatchObject({ code: 0, msg: NO_EMAIL_MSG });
    const german = await call(t.app, {
      method: 'POST',
      url: '/api/user/forgot_pay/send',
      headers: { ...shopper.headers, lang: 'de' },
    });
    expect(german.msg).toContain('Sicherheit');
    expect(mailsTo(t, 'no-mail')).toEqual([]);
  });

  it('answers bad input with the envelope, never a 5xx, and changes nothing', async () => {
    const shopper = await shopperWithEmail('sloppy');
    expect((await send(shopper)).code).toBe(1);
    const bodies: unknown[] = [
      {},
      { code: '12', paymentCode: '654321', confirmPaymentCode: '654321' },
      { code: lastCode('sloppy'), paymentCode: '12ab56', confirmPaymentCode: '12ab56' },
      { code: lastCode('sloppy'), paymentCode: '654321', confirmPaymentCode: '654322' },
      { code: { nested: 1 }, paymentCode: [1], confirmPaymentCode: null },
      'not json',
    ];
    const messages = [];
    for (const payload of bodies) {
      const reply = await call(t.app, {
        method: 'POST',
        url: '/api/user/forgot_pay/reset',
        headers: { ...shopper.headers, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(reply.status).toBeLessThan(500);
      expect(reply.code).toBe(0);
      expect(Object.keys(reply).sort()).toEqual(['code', 'data', 'msg', 'status']);
      messages.push(reply.msg);
    }
    expect(messages).toContain('Payment code must be digits only, at least 6');
    expect(messages).toContain('Passwords do not match');
    // Not signed in: the envelope too (the project's 401 code, as on every signed-in route).
    const anonymous = await call(t.app, { method: 'POST', url: '/api/user/forgot_pay/send' });
    expect(anonymous).toMatchObject({ code: 401, data: null });
    // The code was not spent by malformed requests that failed validation.
    expect(await reset(shopper, lastCode('sloppy'))).toMatchObject({ code: 1 });
  });
});
