jest.setTimeout(240_000);

import { call, createShopper, createTestApp, signIn, staff, type Operator, type Shopper, type TestApp } from './kit';
import { requestTopUp } from './wallet.helpers';

type Money = { topUps: number; withdrawals: number; paidOrders: number; refunds: number };
interface Days {
  since: string;
  days: (Money & { day: string })[];
}
interface Summary {
  today: Money;
}

/**
 * The dashboard's small charts (docs/decisions/0002-operator-accounts.md): GET /api/admin/summary/days gives each of the last N UTC
 * days' money, and today's entry is what the summary calls today's. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
describe('dashboard money per day', () => {
  let t: TestApp;
  let finance: Operator;
  let alice: Shopper;

  const days = (who: Operator, query = '') =>
    call<Days>(t.app, { method: 'GET', url: `/api/admin/summary/days${query}`, headers: who.headers });
  const summary = async (who: Operator) =>
    (await call<Summary>(t.app, { method: 'GET', url: '/api/admin/summary', headers: who.headers })).data;

  beforeAll(async () => {
    t = await createTestApp();
    [, finance] = await staff(t, ['dash-fin', 'finance']);
    alice = await createShopper(t, 'dash-alice');
  });
  afterAll(() => t.close());

  it("gives 14 UTC days by default, oldest first, ending today, and today's entry equals the summary's today", async () => {
    expect((await requestTopUp(t.app, alice, 1_500)).code).toBe(1);
    const queue = await call<{ list: { id: number }[] }>(t.app, {
      method: 'GET',
      url: '/api/admin/topups?q=dash-alice',
      headers: finance.headers,
    });
    const decided = await call(t.app, {
      method: 'POST',
      url: '/api/admin/recharge/decide',
      headers: finance.headers,
      payload: { id: queue.data.list[0]!.id, agree: true, reason: '' },
    });
    expect(decided.code).toBe(1);

    const reply = await days(finance);
    expect(reply.code).toBe(1);
    const today = new Date(t.config.now()).toISOString().slice(0, 10);
    expect(reply.data.days).toHaveLength(14);
    expect(reply.data.days.at(-1)?.day).toBe(today);
    expect(reply.data.since.slice(0, 10)).toBe(reply.data.days[0]?.day);
    const { day: _day, ...todays } = reply.data.days.at(-1)!;
    expect(todays).toEqual((await summary(finance)).today);
    expect(todays.topUps).toBeGreaterThanOrEqual(1_500);
  });

  it('moves the money to its own day when the clock passes midnight', async () => {
    const before = (await days(finance, '?days=3')).data.days;
    expect(before).toHaveLength(3);
    t.advance(86_400_000);
    // A day later the session has expired: sign in again.
    finance = await signIn(t, finance);
    const after = (await days(finance, '?days=3')).data.days;
    expect(after[1]).toEqual(before[2]);
    expect(after[2]).toMatchObject({ topUps: 0, withdrawals: 0, refunds: 0 });
  });

  it('refuses a range outside 1 to 92 days, and anyone but an operator', async () => {
    for (const query of ['?days=0', '?days=93', '?days=1.5', '?days=abc']) {
      const reply = await t.app.inject({
        method: 'GET',
        url: `/api/admin/summary/days${query}`,
        headers: finance.headers,
      });
      expect([query, reply.statusCode < 500, reply.json().code]).toEqual([query, true, 0]);
    }
    const shopper = await t.app.inject({ method: 'GET', url: '/api/admin/summary/days', headers: alice.headers });
    expect(shopper.statusCode).toBe(401);
  });
});
