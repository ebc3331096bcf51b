import { PAYMENT_CODE_MAX_FAILURES } from '@marketplace/shared/contracts';
import { appWith, call, createShopper, fund, ledgerInvariant, orderStatus, pay, PAYMENT_CODE } from './kit';
import { paymentGuardOf, shopperWithOrder as withOrder, verifyPay, type Shopper, type TestApp } from './kit';
import { withdraw } from './wallet.helpers';
import { createSecretGuard, PAYMENT_CODE_GUARD } from '../src/modules/user/secret-guard';

let t: TestApp;
beforeAll(async () => ({ t } = await appWith()));
afterAll(() => t.close());

const reasons = (replies: { code: number; msg: string; data: unknown }[]) =>
  replies.map((reply) => (reply.code === 1 ? 'OK' : ((reply.data as { reason?: string } | null)?.reason ?? reply.msg)));

describe('one payment-code counter, claimed before verifying', () => {
  it('evaluates at most 5 of 100 parallel wrong codes and refuses the right one in the middle once locked', async () => {
    const shopper = await createShopper(t, 'burst');
    const codes = Array.from({ length: 100 }, (_, i) => (i === 50 ? PAYMENT_CODE : String(900_000 + i)));
    const replies = await Promise.all(codes.map((code) => verifyPay(t, shopper, code)));
    const seen = reasons(replies);
    expect(
      seen.filter((r) => r === 'WRONG_PAYMENT_CODE').length + seen.filter((r) => r === 'OK').length,
    ).toBeLessThanOrEqual(PAYMENT_CODE_MAX_FAILURES);
    // Refused: locked, or (while the first five are still being checked) told to wait.
    expect(seen[50]).not.toBe('OK');
    expect(replies.filter((r) => r.code === 0).length).toBeGreaterThanOrEqual(95);
    // Locked afterwards, for the right code too.
    expect(reasons([await verifyPay(t, shopper, PAYMENT_CODE)])).toEqual(['PAYMENT_LOCKED']);
  });

  it('shares the counter between paying, withdrawing and changing the payment code', async () => {
    const shopper = await createShopper(t, 'shared-counter');
    await fund(t.app, shopper.account, 10_000);
    expect((await verifyPay(t, shopper, '000001')).data).toMatchObject({ attemptsLeft: 4 });
    expect((await withdraw(t.app, shopper, 1_000, { paymentCode: '000002' })).data).toMatchObject({ attemptsLeft: 3 });
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/user/resetPay',
      headers: shopper.headers,
      payload: { oldPaymentCode: '000003', paymentCode: '654321', confirmPaymentCode: '654321' },
    });
    expect(reset).toMatchObject({ code: 0, msg: 'Old password is incorrect', data: { attemptsLeft: 2 } });
    await verifyPay(t, shopper, '000004');
    const fifth = await call(t.app, {
      method: 'POST',
      url: '/api/user/resetPay',
      headers: shopper.headers,
      payload: { oldPaymentCode: '000005', paymentCode: '654321', confirmPaymentCode: '654321' },
    });
    expect(fifth.data).toMatchObject({ reason: 'PAYMENT_LOCKED' });
    // A right old code no longer lifts the lock.
    const right = await call(t.app, {
      method: 'POST',
      url: '/api/user/resetPay',
      headers: shopper.headers,
      payload: { oldPaymentCode: PAYMENT_CODE, paymentCode: '654321', confirmPaymentCode: '654321' },
    });
    expect(right.data).toMatchObject({ reason: 'PAYMENT_LOCKED' });
    const held = await withdraw(t.app, shopper, 1_000);
    expect(held.data).toMatchObject({ reason: 'PAYMENT_LOCKED' });
  });

  it('resets the failures after a right code and after the lock expires', async () => {
    const shopper = await createShopper(t, 'recovers');
    for (let i = 0; i < 3; i++) await verifyPay(t, shopper, '111111');
    expect((await verifyPay(t, shopper, PAYMENT_CODE)).code).toBe(1);
    expect((await verifyPay(t, shopper, '111111')).data).toMatchObject({ attemptsLeft: 4 });
  });
});

/** The guard columns of one shopper, straight from the database. */
const guardRow = (shopper: Shopper) => paymentGuardOf(t, shopper);

/** A shopper holding `balance` cents with one waiting order of `unitPrice`. */
const shopperWithOrder = (account: string, balance: number, unitPrice = 1_000) =>
  withOrder(t, account, { balance, unitPrice });

describe('paying settles the payment-code claim in the payment statement itself', () => {
  it('evaluates at most 5 of 100 parallel wrong pays, refuses the right one once locked, charges nothing', async () => {
    const { shopper, order } = await shopperWithOrder('pay-burst', 10_000);
    const codes = Array.from({ length: 100 }, (_, i) => (i === 50 ? PAYMENT_CODE : String(800_000 + i)));
    const replies = await Promise.all(codes.map((code) => pay(t.app, shopper, [order.id], code)));
    const seen = reasons(replies);
    expect(seen.filter((r) => r === 'WRONG_PAYMENT_CODE' || r === 'OK').length).toBeLessThanOrEqual(
      PAYMENT_CODE_MAX_FAILURES,
    );
    expect(seen[50]).not.toBe('OK');
    expect(reasons([await pay(t.app, shopper, [order.id])])).toEqual(['PAYMENT_LOCKED']);
    expect(await orderStatus(t, order.id)).toBe(0);
    expect(await guardRow(shopper)).toEqual({ failures: PAYMENT_CODE_MAX_FAILURES, pending: 0, balance: 10_000 });
  });

  it('a right code resets the failures and gives the claim back, whether the payment goes through or not', async () => {
    const { shopper, order } = await shopperWithOrder('pay-recovers', 5_000, 2_000);
    for (let i = 0; i < 3; i++) expect((await pay(t.app, shopper, [order.id], '111111')).msg).toBe('Pay Fail');
    expect(await guardRow(shopper)).toMatchObject({ failures: 3, pending: 0 });
    const left = 5_000 - order.total;
    expect(await pay(t.app, shopper, [order.id])).toMatchObject({ code: 1, data: { balance: left } });
    expect(await guardRow(shopper)).toEqual({ failures: 0, pending: 0, balance: left });
    // Refused after the code was right (already paid): the claim still goes back, nothing is charged again.
    await pay(t.app, shopper, [order.id], '111111');
    expect((await pay(t.app, shopper, [order.id])).msg).toBe('This order has already been paid');
    expect(await guardRow(shopper)).toEqual({ failures: 0, pending: 0, balance: left });
    for (const row of await ledgerInvariant(t)) expect(row).toMatchObject({ ledger: row.balance, negatives: 0 });
  });

  it('refuses a pay beyond the balance with the claim given back and nothing written', async () => {
    const { shopper, order } = await shopperWithOrder('pay-poor', 500, 1_000);
    await pay(t.app, shopper, [order.id], '222222');
    const reply = await pay(t.app, shopper, [order.id]);
    expect(reply.msg).toBe('Your balance is not enough, please top up first');
    expect(await orderStatus(t, order.id)).toBe(0);
    expect(await guardRow(shopper)).toEqual({ failures: 0, pending: 0, balance: 500 });
  });
});

describe('the old-password check of resetpwd has the same guard', () => {
  it('evaluates at most 5 of 100 parallel wrong old passwords and refuses the right one once locked', async () => {
    const shopper = await createShopper(t, 'pwd-burst', { password: 'right-password' });
    const olds = Array.from({ length: 100 }, (_, i) => (i === 50 ? 'right-password' : `wrong-${i}`));
    const replies = await Promise.all(
      olds.map((oldPassword) =>
        call(t.app, {
          method: 'POST',
          url: '/api/user/resetpwd',
          headers: shopper.headers,
          payload: { oldPassword, password: 'new-password-1', confirmPassword: 'new-password-1' },
        }),
      ),
    );
    const evaluated = replies.filter((r) => r.code === 1 || r.msg === 'Old password is incorrect');
    expect(evaluated.length).toBeLessThanOrEqual(PAYMENT_CODE_MAX_FAILURES);
    expect(replies[50]!.code).not.toBe(1);
    const after = await call(t.app, {
      method: 'POST',
      url: '/api/user/resetpwd',
      headers: shopper.headers,
      payload: { oldPassword: 'right-password', password: 'new-password-1', confirmPassword: 'new-password-1' },
    });
    expect(after.msg).toMatch(/^Too many wrong passwords\. Changing the password is locked until /);
  });
});

describe('a check that died mid-flight holds its claim until its own deadline, however often the shopper tries', () => {
  it('lets the crashed claims expire a minute after they were made while attempts keep arriving', async () => {
    const shopper = await createShopper(t, 'crashed-claims');
    const guard = createSecretGuard(t.db, PAYMENT_CODE_GUARD, PAYMENT_CODE_MAX_FAILURES);
    const now = () => t.config.now();
    // Four checks claimed and never settled: their processes were killed during argon2.
    for (let i = 0; i < PAYMENT_CODE_MAX_FAILURES - 1; i++) {
      expect(await guard.claim(shopper.id, PAYMENT_CODE_MAX_FAILURES, now())).not.toBe('refused');
    }
    // The shopper keeps paying every 5 s: one check fits beside the four in flight.
    for (let second = 5; second <= 50; second += 5) {
      t.advance(5_000);
      expect(reasons([await verifyPay(t, shopper, PAYMENT_CODE)])).toEqual(['OK']);
    }
    // Still live at 55 s: one wrong code and the four claims take the whole limit.
    t.advance(5_000);
    expect((await verifyPay(t, shopper, '000001')).data).toMatchObject({
      reason: 'WRONG_PAYMENT_CODE',
      attemptsLeft: 4,
    });
    expect(await guard.claim(shopper.id, PAYMENT_CODE_MAX_FAILURES, now())).toBe('refused');
    // Past the crashed claims' own deadline (claim + 60 s), although an attempt came 5 s ago: the limit is
    // the shopper's again, wrong codes counted normally and right ones accepted.
    const expected = ['WRONG 3', 'OK', 'WRONG 4', 'OK', 'WRONG 4', 'OK', 'WRONG 4'];
    for (const [step, outcome] of expected.entries()) {
      t.advance(5_000);
      const reply = await verifyPay(t, shopper, outcome === 'OK' ? PAYMENT_CODE : '000002');
      const seen =
        reply.code === 1
          ? 'OK'
          : reply.data?.reason === 'WRONG_PAYMENT_CODE'
            ? `WRONG ${reply.data.attemptsLeft}`
            : (reply.data?.reason ?? reply.msg);
      expect({ second: 60 + 5 * step, seen }).toEqual({ second: 60 + 5 * step, seen: outcome });
    }
    expect(reasons([await verifyPay(t, shopper, PAYMENT_CODE)])).toEqual(['OK']);
    // Nothing in flight is left behind: the dead claims went with the first claim past their deadline.
    expect(await guardRow(shopper)).toMatchObject({ failures: 0, pending: 0 });
  });

  it('counts every live claim: 100 parallel claims straight to the database get 5, and 5 more once those are due', async () => {
    const shopper = await createShopper(t, 'claim-burst');
    const guard = createSecretGuard(t.db, PAYMENT_CODE_GUARD, PAYMENT_CODE_MAX_FAILURES);
    const burst = async () => {
      const results = await Promise.all(
        Array.from({ length: 100 }, () => guard.claim(shopper.id, PAYMENT_CODE_MAX_FAILURES, t.config.now())),
      );
      return results.filter((result) => typeof result === 'object').length;
    };
    expect(await burst()).toBe(PAYMENT_CODE_MAX_FAILURES);
    t.advance(50_000);
    expect(await burst()).toBe(0);
    t.advance(10_000);
    expect(await burst()).toBe(PAYMENT_CODE_MAX_FAILURES);
    expect(await guardRow(shopper)).toMatchObject({ failures: 0, pending: PAYMENT_CODE_MAX_FAILURES });
  });
});
