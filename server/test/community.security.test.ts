import {
  PAYMENT_CODE_MAX_FAILURES,
  type LedgerEntry,
  type Page,
  type SupportHistoryEntry,
  type SupportRecord,
  type SupportStatus,
  type UserInfo,
  type VipInfo,
  type VipUpgradeResult,
} from '@marketplace/shared/contracts';
import { call, type TestApp } from './harness';
import { admin, appWith, createShop, createShopper, fund, ledgerInvariant, PAYMENT_CODE, type Shopper } from './kit';
import { assist, communityFingerprint, get, post } from './community.helpers';

let t: TestApp;
beforeAll(async () => ({ t } = await appWith()));
afterAll(() => t.close());

let requestCounter = 0;
const upgrade = (
  shopper: Shopper,
  level: number,
  payPassword = PAYMENT_CODE,
  requestId = `vip-request-${++requestCounter}`,
) => post<VipUpgradeResult>(t, '/api/user/vipUpgrade', { level, payPassword, requestId }, shopper.headers);

const balance = async (shopper: Shopper) =>
  (await get<UserInfo>(t, '/api/user/getUserInfo', shopper.headers)).data.balance;

describe('VIP upgrade', () => {
  it('lists the seeded levels with translated benefits', async () => {
    const shopper = await createShopper(t, 'vip-viewer');
    const en = await get<VipInfo>(t, '/api/user/vip', shopper.headers);
    expect(en.data.current).toBe(0);
    expect(en.data.levels.map((l) => [l.level, l.name, l.priceCents, l.owned])).toEqual([
      [1, 'VIP 1', 5_000, false],
      [2, 'VIP 2', 20_000, false],
      [3, 'VIP 3', 50_000, false],
    ]);
    expect(en.data.levels[0]!.benefits).toContain('VIP badge on your shop');
    const zh = await get<VipInfo>(t, '/api/user/vip', { ...shopper.headers, lang: 'zh-cn' });
    expect(zh.data.levels[0]!.benefits).toContain('店铺显示 VIP 标识');
  });

  it('charges exactly once under 10 parallel upgrade requests; the bill shows the vip entry', async () => {
    const shopper = await createShopper(t, 'vip-racer');
    await fund(t.app, shopper.account, 30_000);
    const replies = await Promise.all(Array.from({ length: 10 }, () => upgrade(shopper, 2)));
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 1).map((r) => r.msg)).toEqual(
      Array.from({ length: 9 }, () => 'You can only upgrade to a level above your current one'),
    );
    expect(await balance(shopper)).toBe(10_000);
    const info = await get<UserInfo>(t, '/api/user/getUserInfo', shopper.headers);
    expect(info.data.vipLevel).toBe(2);
    const bill = await get<Page<LedgerEntry>>(t, '/api/user/bill?kind=vip', shopper.headers);
    const winner = replies.find((r) => r.code === 1)!.data;
    expect(bill.data.list.map((e) => [e.kind, e.amount, e.balanceAfter, e.reference])).toEqual([
      ['vip', -20_000, 10_000, `vip:${winner.purchaseId}`],
    ]);
    const mine = (await ledgerInvariant(t)).find((row) => row.id === shopper.id)!;
    expect(mine.balance).toBe(mine.ledger);
    const vip = await get<VipInfo>(t, '/api/user/vip', shopper.headers);
    expect(vip.data.current).toBe(2);
    expect(vip.data.levels.map((l) => l.owned)).toEqual([true, true, false]);
  });

  it('a repeated request id pays once and answers the same purchase, also in parallel', async () => {
    const shopper = await createShopper(t, 'vip-repeater');
    await fund(t.app, shopper.account, 10_000);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => upgrade(shopper, 1, PAYMENT_CODE, 'same-request-1')),
    );
    expect(replies.map((r) => r.code)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(replies.map((r) => r.data.purchaseId)).size).toBe(1);
    expect(await balance(shopper)).toBe(5_000);
  });

  it('upgrades only above the current level', async () => {
    const shopper = await createShopper(t, 'vip-climber');
    await fund(t.app, shopper.account, 100_000);
    expect((await upgrade(shopper, 2)).code).toBe(1);
    const before = await communityFingerprint(t);
    expect(await upgrade(shopper, 1)).toMatchObject({
      code: 0,
      msg: 'You can only upgrade to a level above your current one',
    });
    expect(await upgrade(shopper, 2)).toMatchObject({ code: 0 });
    expect(await communityFingerprint(t)).toBe(before);
    expect(await upgrade(shopper, 3)).toMatchObject({
      code: 1,
      msg: 'Upgrade successful',
      data: { level: 3, balance: 30_000 },
    });
  });

  it('refuses when the balance is not enough and changes nothing', async () => {
    const shopper = await createShopper(t, 'vip-poor');
    await fund(t.app, shopper.account, 4_999);
    const before = await communityFingerprint(t);
    expect(await upgrade(shopper, 1)).toMatchObject({
      code: 0,
      msg: 'Your balance is not enough for this VIP level. Please top up first',
    });
    expect(await communityFingerprint(t)).toBe(before);
  });

  it('checks the payment code like paying: not set, wrong (shared counter), then locked for paying too', async () => {
    const unset = await createShopper(t, 'vip-no-code', { paymentCode: false });
    await fund(t.app, unset.account, 10_000);
    expect(await upgrade(unset, 1)).toMatchObject({
      code: 0,
      msg: 'Please set your payment code in settings first',
      data: { reason: 'PAYMENT_CODE_NOT_SET' },
    });

    const shopper = await createShopper(t, 'vip-guesser');
    await fund(t.app, shopper.account, 10_000);
    const before = await communityFingerprint(t);
    const first = await upgrade(shopper, 1, '000000');
    expect(first).toMatchObject({
      code: 0,
      msg: 'Pay Fail',
      data: { reason: 'WRONG_PAYMENT_CODE', attemptsLeft: PAYMENT_CODE_MAX_FAILURES - 1 },
    });
    // The same counter as verify_pay and order/pay.
    const verify = await call<{ attemptsLeft: number }>(t.app, {
      method: 'POST',
      url: '/api/user/verify_pay',
      headers: shopper.headers,
      payload: { paymentCode: '000001' },
    });
    expect(verify.data).toMatchObject({ attemptsLeft: PAYMENT_CODE_MAX_FAILURES - 2 });
    for (let i = 0; i < PAYMENT_CODE_MAX_FAILURES - 2; i++) await upgrade(shopper, 1, `00000${i + 2}`);
    const locked = await upgrade(shopper, 1);
    expect(locked.msg).toMatch(/^Too many wrong payment codes\. Paying is locked until /);
    expect(locked.data).toMatchObject({ reason: 'PAYMENT_LOCKED' });
    const pay = await call(t.app, {
      method: 'POST',
      url: '/api/user/verify_pay',
      headers: shopper.headers,
      payload: { paymentCode: PAYMENT_CODE },
    });
    expect(pay.msg).toMatch(/^Too many wrong payment codes/);
    expect(await balance(shopper)).toBe(10_000);
    const after = await communityFingerprint(t);
    // Only the guard's columns on the users row moved.
    expect(after.split('|').filter((p) => !p.startsWith('users:'))).toEqual(
      before.split('|').filter((p) => !p.startsWith('users:')),
    );
  });

  it('operators list and change levels; a level off sale is neither listed nor sold', async () => {
    const levels = await get<{ level: number; enabled: boolean }[]>(t, '/api/admin/vip_levels', admin);
    expect(levels.data.map((l) => l.level)).toEqual([1, 2, 3]);
    const saved = await post(
      t,
      '/api/admin/vip_level',
      { level: 4, name: 'VIP 4', priceCents: 90_000, enabled: false },
      admin,
    );
    expect(saved).toMatchObject({ code: 1, data: { level: 4, name: 'VIP 4', priceCents: 90_000, enabled: false } });
    const audit = await get<{ action: string; targetType: string; targetId: string }[]>(
      t,
      '/api/admin/audit?limit=500',
      admin,
    );
    expect(audit.data.filter((a) => a.targetType === 'vipLevel' && a.targetId === '4')).toEqual([
      expect.objectContaining({ action: 'vipLevel.add' }),
    ]);
    const shopper = await createShopper(t, 'vip-offsale');
    await fund(t.app, shopper.account, 100_000);
    expect((await get<VipInfo>(t, '/api/user/vip', shopper.headers)).data.levels.map((l) => l.level)).toEqual([
      1, 2, 3,
    ]);
    expect(await upgrade(shopper, 4)).toMatchObject({ code: 0, msg: 'This VIP level is not available' });
    expect(await post(t, '/api/admin/vip_level', { level: 1, name: 'Bronze', priceCents: 4_000 }, admin)).toMatchObject(
      {
        code: 1,
        data: {
          level: 1,
          name: 'Bronze',
          priceCents: 4_000,
          enabled: true,
          benefits: ['vip.benefit.badge', 'vip.benefit.feeDiscount5'],
        },
      },
    );
  });
});

describe('nothing of another shopper is readable', () => {
  it('history, list days, status and VIP only show the caller', async () => {
    const alice = await createShopper(t, 'idor-alice');
    const bob = await createShopper(t, 'idor-bob');
    const shop = await createShop(t);
    expect((await assist(t, alice, shop.id)).code).toBe(1);
    const bobHistory = await post<Page<SupportHistoryEntry>>(t, '/api/merchant/assistHistory', {}, bob.headers);
    expect(bobHistory.data).toMatchObject({ total: 0, list: [] });
    const bobStatus = await post<SupportStatus>(t, '/api/merchant/assistStatus', { shopId: shop.id }, bob.headers);
    expect(bobStatus.data).toMatchObject({ supportedToday: false, days: 0, totalDays: 1 });
    const list = await post<Page<SupportRecord>>(t, '/api/merchant/assistList', { pageSize: 100 }, bob.headers);
    expect(list.data.list.find((row) => row.shopId === shop.id)).toMatchObject({ days: 0, supportedToday: false });
    // A body naming another user is ignored: the token decides whose data it is.
    const forged = await post<Page<SupportHistoryEntry>>(
      t,
      '/api/merchant/assistHistory',
      { userId: alice.id },
      bob.headers,
    );
    expect(forged.data.total).toBe(0);
    // Bob can still support the shop alice supported.
    expect((await assist(t, bob, shop.id)).code).toBe(1);
  });

  it('every community call needs a shopper token', async () => {
    // Well-formed bodies: the missing token is what is refused.
    for (const [method, url, payload] of [
      ['POST', '/api/merchant/assistList', {}],
      ['POST', '/api/merchant/assist', { shopId: 1 }],
      ['POST', '/api/merchant/assistStatus', { shopId: 1 }],
      ['POST', '/api/merchant/assistHistory', {}],
      ['POST', '/api/merchant/complaint', { shopName: 'A shop', content: 'A complaint' }],
      ['GET', '/api/merchant/signup', undefined],
      ['POST', '/api/merchant/apply', { shopName: 'A shop', contact: 'me@example.com' }],
      ['GET', '/api/user/vip', undefined],
      ['POST', '/api/user/vipUpgrade', { level: 1, payPassword: PAYMENT_CODE, requestId: 'no-token-request' }],
    ] as const) {
      const reply = await call(t.app, { method, url, ...(payload ? { payload } : {}) });
      expect({ url, status: reply.status, code: reply.code }).toEqual({ url, status: 401, code: 401 });
    }
  });

  it('a shopper token is refused on every operator call', async () => {
    const shopper = await createShopper(t, 'not-an-operator');
    const before = await communityFingerprint(t);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/complaints', undefined],
      ['POST', '/api/admin/complaint_handle', { id: 1 }],
      ['GET', '/api/admin/merchant_applications', undefined],
      ['GET', '/api/admin/vip_levels', undefined],
      ['POST', '/api/admin/vip_level', { level: 1, name: 'Free', priceCents: 1 }],
    ] as const) {
      const reply = await call(t.app, { method, url, headers: shopper.headers, ...(payload ? { payload } : {}) });
      expect({ url, status: reply.status, code: reply.code }).toEqual({ url, status: 401, code: 401 });
    }
    expect(await communityFingerprint(t)).toBe(before);
  });
});
