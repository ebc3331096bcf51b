import { call, type TestApp } from './harness';
import { admin, appForFile, createShopper, ledgerInvariant, type Shopper } from './kit';
import { balanceOf, cardTopUp, channels, decide, requestTopUp, withdraw } from './wallet.helpers';
import type { LedgerEntry, Page, RechargeRecord, WithdrawalRecord, WithdrawInfo } from '@marketplace/shared/contracts';

let t: TestApp;
let shopper: Shopper;

appForFile((opened) => ([t, shopper] = opened), 'wallet-happy');

const bill = async () =>
  (await call<Page<LedgerEntry>>(t.app, { method: 'GET', url: '/api/user/bill', headers: shopper.headers })).data.list;

describe('wallet: money in and out', () => {
  it('lists seeded test channels for bank, on-chain and manual, none of them BSC or HECO', async () => {
    const list = await channels(t.app, shopper);
    expect(new Set(list.map((c) => c.method))).toEqual(new Set(['bank', 'onChain', 'manual']));
    expect(list.some((c) => /bsc|heco|dex/i.test(c.name))).toBe(false);
    expect(list.every((c) => c.address.length > 0)).toBe(true);
  });

  it('keeps an evidence top-up "auditing" and credits the balance only when an operator approves, once', async () => {
    const reply = await requestTopUp(t.app, shopper, 5_000);
    expect(reply).toMatchObject({ code: 1, msg: 'Submission Successful' });
    expect(reply.data.record).toMatchObject({ status: 0, amount: 5_000, method: 'onChain' });
    expect(await balanceOf(t.app, shopper)).toBe(0);
    const log = await call<Page<RechargeRecord>>(t.app, {
      method: 'GET',
      url: '/api/user/recharge_log?status=0',
      headers: shopper.headers,
    });
    expect(log.data.list.map((r) => r.id)).toEqual([reply.data.record.id]);

    const approved = await decide(t.app, 'recharge', reply.data.record.id, true);
    expect(approved.code).toBe(1);
    expect(await balanceOf(t.app, shopper)).toBe(5_000);
    const again = await decide(t.app, 'recharge', reply.data.record.id, false, 'too late');
    expect(again).toMatchObject({ code: 0, msg: 'This request has already been decided' });
    expect(await balanceOf(t.app, shopper)).toBe(5_000);
    expect((await bill())[0]).toMatchObject({ kind: 'topup', amount: 5_000, balanceAfter: 5_000 });
  });

  it('refuses a top-up with a reason and credits nothing', async () => {
    const reply = await requestTopUp(t.app, shopper, 2_500, { method: 'manual' });
    expect((await decide(t.app, 'recharge', reply.data.record.id, false)).msg).toBe(
      'Please give a reason for refusing',
    );
    expect((await decide(t.app, 'recharge', reply.data.record.id, false, 'No payment arrived')).code).toBe(1);
    const refused = await call<Page<RechargeRecord>>(t.app, {
      method: 'GET',
      url: '/api/user/recharge_log?status=2',
      headers: shopper.headers,
    });
    expect(refused.data.list[0]).toMatchObject({ status: 2, reason: 'No payment arrived', method: 'manual' });
    expect(await balanceOf(t.app, shopper)).toBe(5_000);
  });

  it('credits a sandbox card at once, stores only brand and last four, and applies a repeated submit once', async () => {
    const first = await cardTopUp(t.app, shopper, 1_234, { requestId: 'card-req-0001' });
    expect(first).toMatchObject({ code: 1, msg: 'Top-up successful' });
    expect(first.data.record).toMatchObject({ status: 1, method: 'card', network: 'visa', address: 'visa •••• 4242' });
    const repeat = await cardTopUp(t.app, shopper, 1_234, { requestId: 'card-req-0001' });
    expect(repeat.data.record.id).toBe(first.data.record.id);
    expect(await balanceOf(t.app, shopper)).toBe(6_234);
    const stored = await t.db.execute(
      (await import('drizzle-orm')).sql`SELECT row_to_json(r)::text AS j FROM recharges r WHERE method = 'card'`,
    );
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
  });

  it('declines the sandbox decline card with the reason and changes nothing', async () => {
    const before = await bill();
    const declined = await cardTopUp(t.app, shopper, 1_000, { cardNumber: '4000 0000 0000 0002' });
    expect(declined).toMatchObject({
      code: 0,
      msg: 'Your card was declined. Nothing was charged; please use another card',
    });
    const poor = await cardTopUp(t.app, shopper, 1_000, { cardNumber: '4000000000009995' });
    expect(poor.msg).toBe('Your card has insufficient funds. Nothing was charged');
    expect(await bill()).toEqual(before);
  });

  it('withdraws: shows the charge first, holds the amount at once, returns it in full when refused', async () => {
    const info = await call<WithdrawInfo>(t.app, { method: 'GET', url: '/api/user/extract', headers: shopper.headers });
    expect(info.data).toMatchObject({ balance: 6_234, serviceChargeBp: 100 });
    expect(info.data.networks.length).toBeGreaterThan(0);

    const reply = await withdraw(t.app, shopper, 2_050);
    expect(reply).toMatchObject({ code: 1, msg: 'Withdrawal Success' });
    expect(reply.data.record).toMatchObject({
      drawAmount: 2_050,
      serviceCharge: 21,
      actualArrival: 2_029,
      status: 0,
      account: '•••• 1111',
    });
    expect(await balanceOf(t.app, shopper)).toBe(4_184);
    expect((await decide(t.app, 'withdrawal', reply.data.record.id, false, 'Card closed')).code).toBe(1);
    expect(await balanceOf(t.app, shopper)).toBe(6_234);
    expect((await decide(t.app, 'withdrawal', reply.data.record.id, true)).msg).toBe(
      'This request has already been decided',
    );
    const kinds = (await bill()).slice(0, 2).map((e) => [e.kind, e.amount]);
    expect(kinds).toEqual([
      ['withdrawalRefund', 2_050],
      ['withdrawal', -2_050],
    ]);
  });

  it('pays out an approved on-chain withdrawal and keeps the amount taken', async () => {
    const info = await call<WithdrawInfo>(t.app, { method: 'GET', url: '/api/user/extract', headers: shopper.headers });
    const trc = info.data.networks.find((n) => n.name.includes('TRC20'))!;
    const reply = await withdraw(t.app, shopper, 1_000, {
      drawType: 'onChain',
      network: trc.id,
      address: 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy',
    });
    expect(reply.code).toBe(1);
    expect((await decide(t.app, 'withdrawal', reply.data.record.id, true)).code).toBe(1);
    expect(await balanceOf(t.app, shopper)).toBe(5_234);
    const log = await call<Page<WithdrawalRecord>>(t.app, {
      method: 'GET',
      url: '/api/user/extract_log?status=1',
      headers: shopper.headers,
    });
    expect(log.data.list[0]).toMatchObject({ status: 1, drawType: 'onChain', bankName: trc.name });
  });

  it('records every decision in the operator audit and keeps the ledger invariant', async () => {
    const audit = await call<{ action: string }[]>(t.app, { method: 'GET', url: '/api/admin/audit', headers: admin });
    expect(audit.data.map((a) => a.action)).toEqual(
      expect.arrayContaining(['recharge.approve', 'recharge.refuse', 'withdrawal.refuse', 'withdrawal.pay']),
    );
    expect((await ledgerInvariant(t)).filter((r) => r.balance !== r.ledger || r.negatives > 0)).toEqual([]);
    const history = await call<{ at: string; balance: number }[]>(t.app, {
      method: 'GET',
      url: '/api/user/balance_history',
      headers: shopper.headers,
    });
    expect(history.data.at(-1)?.balance).toBe(5_234);
  });
});

describe('the shopper hears of every decision', () => {
  it('writes a notification for an approved top-up and a refused withdrawal, in their language', async () => {
    const listener = await createShopper(t, 'wallet-listener');
    const topUp = await requestTopUp(t.app, listener, 3_000);
    await decide(t.app, 'recharge', topUp.data.record.id, true);
    const held = await withdraw(t.app, listener, 1_000);
    await decide(t.app, 'withdrawal', held.data.record.id, false, 'Wrong card');
    const notices = await call<{ list: { text: string; link: string }[] }>(t.app, {
      method: 'GET',
      url: '/api/user/notifications',
      headers: listener.headers,
    });
    expect(notices.data.list.map((n) => [n.text, n.link])).toEqual([
      ['Your withdrawal of $10.00 was refused and the amount is back on your balance', '/depositRecord'],
      ['Your top-up of $30.00 was approved', '/topUpRecord'],
    ]);
  });
});
