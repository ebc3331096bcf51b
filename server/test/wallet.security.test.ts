import { call, expectEveryRefused, type TestApp } from './harness';
import { appWith, ordersFingerprint, upload, type Shopper } from './kit';
import { requestTopUp, withdraw } from './wallet.helpers';

let t: TestApp;
let alice: Shopper;
let mallory: Shopper;
let aliceTopUp: number;
let aliceWithdrawal: number;

beforeAll(async () => {
  ({
    t,
    shoppers: [alice, mallory],
  } = await appWith({ account: 'alice-wallet', balance: 5_000 }, 'mallory-wallet'));
  aliceTopUp = (await requestTopUp(t.app, alice, 3_000)).data.record.id;
  aliceWithdrawal = (await withdraw(t.app, alice, 1_000)).data.record.id;
});
afterAll(() => t.close());

describe('wallet ownership and operator boundary', () => {
  it("lists only the caller's own records", async () => {
    for (const url of [
      '/api/user/recharge_log',
      '/api/user/extract_log',
      '/api/user/bill',
      '/api/user/balance_history',
    ]) {
      const reply = await call<{ list?: unknown[] } | unknown[]>(t.app, {
        method: 'GET',
        url,
        headers: mallory.headers,
      });
      const list = Array.isArray(reply.data) ? reply.data : (reply.data.list ?? []);
      expect({ url, list }).toEqual({ url, list: [] });
    }
  });

  it("refuses another shopper's upload as payment evidence", async () => {
    const aliceProof = (await upload(t.app, alice)).id;
    const before = await ordersFingerprint(t);
    const reply = await requestTopUp(t.app, mallory, 3_000, { evidence: aliceProof });
    expect(reply).toMatchObject({ code: 0, msg: 'Please upload payment evidence' });
    // requestTopUp uploads a fresh file of mallory's first; only that upload row is new.
    const after = await ordersFingerprint(t);
    expect(after.split('|').filter((part) => !part.startsWith('uploads:'))).toEqual(
      before.split('|').filter((part) => !part.startsWith('uploads:')),
    );
  });

  it('never lets a shopper token (or none) reach the operator calls', async () => {
    const before = await ordersFingerprint(t);
    const attempts = [
      { method: 'GET' as const, url: '/api/admin/recharges' },
      { method: 'GET' as const, url: '/api/admin/withdrawals' },
      { method: 'GET' as const, url: `/api/admin/withdrawal?id=${aliceWithdrawal}` },
      { method: 'GET' as const, url: '/api/admin/deposit_channels' },
      { method: 'GET' as const, url: '/api/admin/audit' },
      { method: 'POST' as const, url: '/api/admin/recharge/decide', payload: { id: aliceTopUp, agree: true } },
      {
        method: 'POST' as const,
        url: '/api/admin/withdrawal/decide',
        payload: { id: aliceWithdrawal, agree: false, reason: 'x' },
      },
      {
        method: 'POST' as const,
        url: '/api/admin/deposit_channel',
        payload: { method: 'bank', name: 'x', address: 'y' },
      },
    ];
    await expectEveryRefused(t.app, attempts, [alice.headers, mallory.headers, {}, { 'admin-token': alice.token }]);
    expect(await ordersFingerprint(t)).toBe(before);
  });

  it('never shows the full bank card number to the shopper', async () => {
    const reply = await call(t.app, { method: 'GET', url: '/api/user/extract_log', headers: alice.headers });
    expect(JSON.stringify(reply.data)).not.toContain('4111111111111111');
    expect(JSON.stringify(reply.data)).toContain('•••• 1111');
  });
});
