jest.setTimeout(240_000);

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { consoleFiles } from '../src/plugins/external/console-files';
import { call, createShopper, createTestApp, staff, type Operator, type Shopper, type TestApp } from './kit';
import { requestTopUp } from './wallet.helpers';

interface TopUpRow {
  id: number;
  rechargeNo: string;
  account: string;
  amount: number;
  status: number;
  evidence: string | null;
}
interface TopUpPage {
  list: TopUpRow[];
  total: number;
  page: number;
  pageSize: number;
}
interface Summary {
  pending: Record<string, number>;
  today: { topUps: number; withdrawals: number; paidOrders: number; refunds: number };
}

/**
 * The operator console's read calls (docs/decisions/0002-operator-accounts.md): the top-up queue with the shopper's account and the
 * evidence picture, filtered, searched and paged; the dashboard's counts only for the caller's queues and
 * today's money. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
describe('console read calls', () => {
  let t: TestApp;
  let root: Operator;
  let finance: Operator;
  let support: Operator;
  let alice: Shopper;
  let bob: Shopper;

  beforeAll(async () => {
    t = await createTestApp();
    [root, finance, support] = await staff(t, ['console-fin', 'finance'], ['console-sup', 'support']);
    alice = await createShopper(t, 'console-alice');
    bob = await createShopper(t, 'console-bob');
    for (const [shopper, amount] of [
      [alice, 1_500],
      [alice, 2_500],
      [bob, 7_000],
    ] as const) {
      expect((await requestTopUp(t.app, shopper, amount)).code).toBe(1);
    }
  });
  afterAll(() => t.close());

  const topUps = (query: string, headers: Record<string, string> = finance.headers) =>
    call<TopUpPage>(t.app, { method: 'GET', url: `/api/admin/topups?${query}`, headers });

  it('lists waiting top-ups with the account and evidence, newest first, paged with a total', async () => {
    const first = await topUps('pageSize=2');
    expect(first.code).toBe(1);
    expect(first.data.total).toBe(3);
    expect(first.data.list.map((row) => [row.account, row.amount])).toEqual([
      ['console-bob', 7_000],
      ['console-alice', 2_500],
    ]);
    expect(first.data.list.every((row) => row.status === 0 && typeof row.evidence === 'string')).toBe(true);
    const second = await topUps('pageSize=2&page=2');
    expect(second.data.list.map((row) => row.amount)).toEqual([1_500]);

    // The evidence picture opens for the operator (operator-token header), as the console fetches it.
    const evidence = await t.app.inject({
      method: 'GET',
      url: `/api/upload/${first.data.list[0]!.evidence}`,
      headers: finance.headers,
    });
    expect(evidence.statusCode).toBe(200);
    expect(evidence.headers['content-type']).toMatch(/^image\//);
  });

  it('searches by account or number (literally), filters by status', async () => {
    const byAccount = await topUps(`q=${encodeURIComponent('ALICE')}`);
    expect(byAccount.data.total).toBe(2);
    expect(byAccount.data.list.every((row) => row.account === 'console-alice')).toBe(true);
    const number = byAccount.data.list[0]!.rechargeNo;
    const byNumber = await topUps(`q=${encodeURIComponent(number)}`);
    expect(byNumber.data.list.map((row) => row.rechargeNo)).toEqual([number]);
    expect((await topUps('q=%25')).data.total).toBe(0);
    expect((await topUps('q=_')).data.total).toBe(0);

    const id = byNumber.data.list[0]!.id;
    const decided = await call(t.app, {
      method: 'POST',
      url: '/api/admin/recharge/decide',
      headers: finance.headers,
      payload: { id, agree: true, reason: '' },
    });
    expect(decided.code).toBe(1);
    expect((await topUps('')).data.total).toBe(2);
    expect((await topUps('status=1')).data.list.map((row) => row.id)).toEqual([id]);
    expect((await topUps('status=all')).data.total).toBe(3);
  });

  it('refuses bad input in the envelope and other roles', async () => {
    for (const query of ['status=9', 'page=0', 'pageSize=1000', `q=${'x'.repeat(65)}`, 'q=%00']) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/admin/topups?${query}`, headers: finance.headers });
      expect(reply.statusCode).toBeLessThan(500);
      expect(reply.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
      expect(reply.json().code).not.toBe(1);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/topups', headers: support.headers });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/topups' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/summary', headers: alice.headers })).statusCode).toBe(
      401,
    );
  });

  it("summary: pending counts of the caller's queues only, and today's money", async () => {
    const forFinance = await call<Summary>(t.app, {
      method: 'GET',
      url: '/api/admin/summary',
      headers: finance.headers,
    });
    expect(forFinance.code).toBe(1);
    expect(forFinance.data.pending).toEqual({ topups: 2, withdrawals: 0 });
    // The approved top-up of the test above (its arrival) is today's.
    expect(forFinance.data.today.topUps).toBeGreaterThan(0);
    const forSupport = await call<Summary>(t.app, {
      method: 'GET',
      url: '/api/admin/summary',
      headers: support.headers,
    });
    expect(Object.keys(forSupport.data.pending).sort()).toEqual([
      'complaints',
      'merchants',
      'refunds',
      'service',
      'toShip',
    ]);
  });

  it('shopper page: balance, ledger with the balance after each entry, orders and refunds; finance and support only', async () => {
    interface ShopperView {
      account: string;
      balance: number;
      ledger: { amount: number; balanceAfter: number; kind: string }[];
      orders: unknown[];
      refunds: unknown[];
    }
    const view = await call<ShopperView>(t.app, {
      method: 'GET',
      url: '/api/admin/shopper?account=CONSOLE-ALICE',
      headers: finance.headers,
    });
    expect(view.code).toBe(1);
    // The one approved top-up of the search test (2,500 or 1,500 cents arrived).
    expect(view.data.account).toBe('console-alice');
    expect(view.data.ledger).toHaveLength(1);
    expect(view.data.ledger[0]).toMatchObject({ kind: 'topup', balanceAfter: view.data.balance });
    expect(view.data.balance).toBe(view.data.ledger[0]!.amount);
    expect(view.data.orders).toEqual([]);
    const adjusted = await call(t.app, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      headers: finance.headers,
      payload: { account: 'console-alice', amount: -100, reason: 'Goodwill correction' },
    });
    expect(adjusted.code).toBe(1);
    const after = await call<ShopperView>(t.app, {
      method: 'GET',
      url: '/api/admin/shopper?account=console-alice',
      headers: support.headers,
    });
    expect(after.data.balance).toBe(view.data.balance - 100);
    expect(after.data.ledger[0]).toMatchObject({ amount: -100, balanceAfter: view.data.balance - 100 });

    const unknown = await call(t.app, {
      method: 'GET',
      url: '/api/admin/shopper?account=console-%25',
      headers: finance.headers,
    });
    expect(unknown.code).toBe(0);
    const noAccount = await t.app.inject({ method: 'GET', url: '/api/admin/shopper', headers: finance.headers });
    expect(noAccount.statusCode).toBeLessThan(500);
    expect(noAccount.json().code).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/shopper?account=console-bob', headers: root.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the console at /console', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Console</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'main.0123abcd.js'), 'console.log(1)');
  const app = Fastify();
  beforeAll(async () => {
    await app.register(consoleFiles, { dir });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send('shopper shell'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers its page on every client path, its files cached for good, the rest untouched', async () => {
    for (const url of ['/console', '/console/', '/console/topups', '/console/queues/refunds?page=2']) {
      const reply = await app.inject({ method: 'GET', url });
      expect([url, reply.statusCode, reply.body.includes('<title>Console</title>')]).toEqual([url, 200, true]);
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
    const script = await app.inject({ method: 'GET', url: '/console/main.0123abcd.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/console/missing.0123abcd.js' })).statusCode).toBe(404);
    const shell = await app.inject({ method: 'GET', url: '/orders' });
    expect([shell.statusCode, shell.body]).toEqual([404, 'shopper shell']);
  });
});
