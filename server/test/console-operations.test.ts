jest.setTimeout(240_000);

import { eq } from 'drizzle-orm';
import { orders, users } from '../src/db/schema';
import {
  buyNow,
  call,
  createOperator,
  createOrdersTestApp,
  humanHeaders,
  login,
  pay,
  productOnSale,
  shopper,
  staff,
  totpCode,
  upload,
  type Buyer,
  type Operator,
  type TestApp,
} from './kit';
import { requestTopUp, withdraw } from './wallet.helpers';

interface Page<T> {
  list: T[];
  total: number;
}
interface DirectoryEntry {
  account: string;
  email: string;
  mobile: string;
  frozen: boolean;
  paymentLocked: boolean;
}
interface AuditRow {
  action: string;
  operator: string;
  detail: Record<string, unknown>;
}

const PASSWORD = 'console-ops-password';

/**
 * The console's operator calls beyond the queues' decisions (requirements §10): the session cookie one
 * browser shares between tabs, the shopper directory and page, freeze and payment-code unlock, the queues
 * with their context (order number, shopper) and filters, the audit page, bulk approval by two operators at
 * once. Every call: roles, sessions, bad input never a 5xx. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('console operations', () => {
  let t: TestApp;
  let finance: Operator;
  let finance2: Operator;
  let support: Operator;
  let release: Operator;
  let dora: Buyer;

  beforeAll(async () => {
    t = await createOrdersTestApp();
    const [root, fin, sup] = await staff(t, ['ops-fin', 'finance'], ['ops-sup', 'support']);
    finance = fin;
    support = sup;
    finance2 = await createOperator(t, root, 'ops-fin2', ['finance']);
    release = await createOperator(t, root, 'ops-rel', ['release']);
    dora = await shopper(t, 'dora-ops', { balance: 50_000, password: PASSWORD });
    await t.db
      .update(users)
      .set({ email: 'dora.ops@example.com', mobile: '+4915123456789' })
      .where(eq(users.id, dora.id));
  });
  afterAll(() => t.close());

  const get = <T>(url: string, headers: Record<string, string> = finance.headers) =>
    call<T>(t.app, { method: 'GET', url, headers });
  const post = <T>(url: string, payload: object, headers: Record<string, string> = finance.headers) =>
    call<T>(t.app, { method: 'POST', url, headers, payload });

  it('signs in with an HttpOnly SameSite=Strict cookie that every tab shares; signing out ends it everywhere', async () => {
    t.advance(30_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign_in',
      payload: { name: support.name, password: support.password, code: totpCode(t, support.secret) },
    });
    expect(response.statusCode).toBe(200);
    // The sign-in sets two cookies: the trusted device (the sign-in brake's) and the console session.
    const setCookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const setCookie = setCookies.find((value) => value.startsWith('mp_console=')) ?? '';
    expect(setCookie).toMatch(/^mp_console=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api/);
    expect(setCookie).toMatch(/Expires=/);
    // Plain HTTP here: not Secure (over HTTPS it is).
    expect(setCookie).not.toMatch(/Secure/);
    // The ops CLI still gets the token in the answer.
    expect(response.json().data.token).toEqual(expect.any(String));
    const cookie = setCookie.split(';')[0]!;

    // A second tab: the cookie alone, no header.
    const me = await get<{ name: string }>('/api/admin/auth/me', { cookie });
    expect(me).toMatchObject({ code: 1, data: { name: support.name } });
    expect((await get('/api/admin/queue/refunds', { cookie })).code).toBe(1);
    // The operator's pictures too (they live under /api/upload).
    const picture = await upload(t.app, dora);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/upload/${picture.id}`, headers: { cookie } })).statusCode,
    ).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/sign_out',
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^mp_console=;.*Expires=Thu, 01 Jan 1970/);
    // The session is revoked, so every tab that still sends the old cookie is signed out.
    const after = await get('/api/admin/auth/me', { cookie });
    expect(after.status).toBe(401);
    // A garbled cookie is no session, and no 5xx.
    for (const bad of ['mp_console=%', 'mp_console=' + 'x'.repeat(600), '=;;;', 'mp_console="\u0001"']) {
      expect((await get('/api/admin/auth/me', { cookie: bad })).status).toBe(401);
    }
  });

  it('finds shoppers by part of the account, e-mail or phone; the page has contact details and addresses', async () => {
    for (const q of ['dora-o', 'DORA.OPS@', '1512345']) {
      const found = await get<Page<DirectoryEntry>>(`/api/admin/shoppers?q=${encodeURIComponent(q)}`);
      expect(found.data.list.map((row) => row.account)).toEqual(['dora-ops']);
      expect(found.data.total).toBe(1);
    }
    expect((await get<Page<DirectoryEntry>>('/api/admin/shoppers?q=nobody-like-this')).data.total).toBe(0);
    const page = await get<DirectoryEntry & { addresses: unknown[]; vipLevel: number }>(
      '/api/admin/shopper?account=DORA-OPS',
      support.headers,
    );
    expect(page.data).toMatchObject({
      account: 'dora-ops',
      email: 'dora.ops@example.com',
      mobile: '+4915123456789',
      vipLevel: 0,
      frozen: false,
    });
    expect(page.data.addresses).toHaveLength(1);
  });

  it('freezing blocks sign-in and payment and ends the sessions until unfrozen; audited with the reason', async () => {
    const frozen = await post('/api/admin/shopper/frozen', { account: 'dora-ops', frozen: true, reason: 'Chargeback' });
    expect(frozen).toMatchObject({ code: 1, data: { frozen: true } });
    // The shopper's live session ended.
    expect((await get('/api/user/getUserInfo', dora.headers)).code).not.toBe(1);
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      headers: { ...(await humanHeaders(t.app)), lang: 'de' },
      payload: { account: 'dora-ops', password: PASSWORD },
    });
    expect(refused).toMatchObject({
      code: 0,
      msg: 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Kundenservice.',
    });
    expect((await get<DirectoryEntry>('/api/admin/shopper?account=dora-ops')).data.frozen).toBe(true);

    expect(
      (await post('/api/admin/shopper/frozen', { account: 'dora-ops', frozen: false, reason: 'Resolved' })).code,
    ).toBe(1);
    const token = await login(t.app, 'dora-ops', PASSWORD);
    dora = { ...dora, token, headers: { token } };
    const order = await buyNow(t.app, dora, dora.addressId, await productOnSale(t, { unitPrice: 700, stock: 3 }));
    expect((await pay(t.app, dora, [order.id])).code).toBe(1);

    const audit = await get<Page<AuditRow>>('/api/admin/audit_log?action=shopper.&shopper=dora-ops');
    expect(audit.data.list.map((row) => [row.action, row.operator, row.detail.reason])).toEqual([
      ['shopper.unfreeze', 'ops-fin', 'Resolved'],
      ['shopper.freeze', 'ops-fin', 'Chargeback'],
    ]);
  });

  it('a freeze or an unlock without a reason, or of nobody, changes nothing', async () => {
    for (const payload of [
      { account: 'dora-ops', frozen: true, reason: '  ' },
      { account: 'dora-ops', frozen: true },
      { account: 'nobody-here', frozen: true, reason: 'x' },
      { account: 'dora-ops', frozen: 'yes', reason: 'x' },
    ]) {
      const reply = await post('/api/admin/shopper/frozen', payload);
      expect(reply.code).not.toBe(1);
      expect(reply.status).toBeLessThan(500);
    }
    expect((await post('/api/admin/shopper/frozen', { account: 'dora-ops', frozen: true, reason: '' })).msg).toBe(
      'Please give a reason',
    );
    expect((await get<DirectoryEntry>('/api/admin/shopper?account=dora-ops')).data.frozen).toBe(false);
  });

  it('clears a payment-code lock, audited', async () => {
    await t.db
      .update(users)
      .set({ paymentFailures: 5, paymentLockedUntil: new Date(t.config.now().getTime() + 3_600_000) })
      .where(eq(users.id, dora.id));
    expect((await get<DirectoryEntry>('/api/admin/shopper?account=dora-ops')).data.paymentLocked).toBe(true);
    const cleared = await post('/api/admin/shopper/payment_unlock', {
      account: 'dora-ops',
      reason: 'Verified by phone',
    });
    expect(cleared).toMatchObject({ code: 1, data: { paymentLocked: false } });
    const [row] = await t.db.select().from(users).where(eq(users.id, dora.id));
    expect([row!.paymentFailures, row!.paymentLockedUntil]).toEqual([0, null]);
    const audit = await get<Page<AuditRow>>('/api/admin/audit_log?action=shopper.paymentUnlock&operator=fin');
    expect(audit.data.list[0]).toMatchObject({ operator: 'ops-fin', detail: { reason: 'Verified by phone' } });
  });

  it('the refund and withdrawal queues carry the order number and the shopper; filtered, sorted, paged', async () => {
    const order = await buyNow(t.app, dora, dora.addressId, await productOnSale(t, { unitPrice: 1_500, stock: 3 }));
    expect((await pay(t.app, dora, [order.id])).code).toBe(1);
    const picture = await upload(t.app, dora);
    const asked = await post(
      '/api/order/refund',
      {
        orderId: order.id,
        refundType: 'refund',
        refundAmount: 1_500,
        productStatus: 'notReceived',
        reason: 'Never came',
        explain: 'Nothing arrived',
        attachment: picture.id,
        attachments: [picture.id],
      },
      dora.headers,
    );
    expect(asked.code).toBe(1);
    const refunds = await get<Page<{ orderNo: string; account: string; amount: number; attachmentIds: string[] }>>(
      '/api/admin/queue/refunds?q=dora',
      support.headers,
    );
    const [placed] = await t.db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, order.id));
    expect(refunds.data.list[0]).toMatchObject({
      orderNo: placed!.orderNo,
      account: 'dora-ops',
      amount: 1_500,
      attachmentIds: [picture.id],
    });
    expect((await get('/api/admin/queue/refunds', finance.headers)).status).toBe(403);

    for (const amount of [2_000, 3_000]) expect((await withdraw(t.app, dora, amount)).code).toBe(1);
    const sorted = await get<Page<{ account: string; drawAmount: number; payoutAccount: string }>>(
      '/api/admin/queue/withdrawals?sort=amount&order=ascend&min=2500',
    );
    expect(sorted.data.list.map((row) => [row.account, row.drawAmount])).toEqual([['dora-ops', 3_000]]);
    expect(sorted.data.list[0]!.payoutAccount).toMatch(/4111/);
    expect((await get<Page<unknown>>('/api/admin/queue/withdrawals?sort=amount&order=ascend')).data.total).toBe(2);
  });

  it('two finance operators bulk-approving the same three top-ups at once approve each exactly once', async () => {
    const before = (await get<{ balance: number }>('/api/admin/shopper?account=dora-ops')).data.balance;
    const ids: number[] = [];
    for (const amount of [1_100, 1_200, 1_300]) {
      const reply = await requestTopUp(t.app, dora, amount);
      expect(reply.code).toBe(1);
      ids.push(reply.data.record.id);
    }
    // The console decides each selected item on its own call; two operators do it at once.
    const bulk = (who: Operator) =>
      Promise.all(ids.map((id) => post('/api/admin/recharge/decide', { id, agree: true, reason: '' }, who.headers)));
    const [first, second] = await Promise.all([bulk(finance), bulk(finance2)]);
    const answers = [...first, ...second];
    expect(answers.filter((reply) => reply.code === 1)).toHaveLength(3);
    expect(answers.filter((reply) => reply.status === 409)).toHaveLength(3);
    expect(answers.every((reply) => reply.status < 500)).toBe(true);
    const after = (await get<{ balance: number }>('/api/admin/shopper?account=dora-ops')).data.balance;
    expect(after - before).toBe(3_600);
    const audit = await get<Page<AuditRow>>('/api/admin/audit_log?action=recharge.approve&shopper=dora-ops');
    expect(audit.data.total).toBe(3);
  });

  it('filters the audit by date and refuses nobody but the roles; bad input is never a 5xx', async () => {
    const today = t.config.now().toISOString().slice(0, 10);
    const all = await get<Page<AuditRow> & { actions: string[] }>(`/api/admin/audit_log?from=${today}&pageSize=500`);
    expect(all.data.total).toBeGreaterThan(3);
    expect(all.data.actions).toEqual(expect.arrayContaining(['shopper.freeze', 'recharge.approve']));
    expect((await get<Page<AuditRow>>('/api/admin/audit_log?to=2000-01-01')).data.total).toBe(0);

    // Wildcards in a shopper's account are literal: nobody is called %_.
    expect((await get<Page<AuditRow>>('/api/admin/audit_log?shopper=%25%5F')).data.total).toBe(0);
    const calls = [
      '/api/admin/shoppers',
      '/api/admin/shopper?account=dora-ops',
      '/api/admin/audit_log',
      '/api/admin/queue/withdrawals',
    ];
    for (const url of calls) expect((await get(url, release.headers)).status).toBe(403);
    for (const url of [...calls, '/api/admin/queue/refunds']) {
      expect((await get(url, {})).status).toBe(401);
      expect((await get(url, { 'operator-token': 'nope' })).status).toBe(401);
    }
    const bad = [
      '/api/admin/shoppers?q=%00',
      `/api/admin/shoppers?q=${'x'.repeat(200)}`,
      '/api/admin/shoppers?page=-1&pageSize=abc',
      '/api/admin/shopper?account=',
      '/api/admin/audit_log?from=yesterday',
      '/api/admin/audit_log?action=%27;drop',
      '/api/admin/audit_log?pageSize=100000',
      '/api/admin/queue/withdrawals?sort=id&order=up',
      '/api/admin/queue/withdrawals?min=-5&max=1e99',
      '/api/admin/queue/withdrawals?status=9&method=cash',
      '/api/admin/topups?from=2026-13-45&method=cash',
      '/api/admin/topups?q=a&q=b',
    ];
    for (const url of bad) {
      const reply = await get(url);
      expect({ url, status: reply.status < 500, code: reply.code }).toEqual({ url, status: true, code: 0 });
    }
    for (const payload of [null, [], 'x', { account: ['a'] }, { account: 'a'.repeat(100), reason: 'x' }]) {
      for (const url of ['/api/admin/shopper/frozen', '/api/admin/shopper/payment_unlock']) {
        const reply = await call(t.app, {
          method: 'POST',
          url,
          headers: { ...finance.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(reply.status).toBeLessThan(500);
        expect(reply.code).not.toBe(1);
      }
    }
  });
});
