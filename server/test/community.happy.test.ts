import { sql } from 'drizzle-orm';
import type {
  MerchantApplyResult,
  Notification,
  Page,
  ShopCard,
  SupportHistoryEntry,
  SupportRecord,
  SupportStatus,
} from '@marketplace/shared/contracts';
import { DEFAULT_COMMUNITY_CONFIG } from '../src/config/config';
import { shopSupports } from '../src/db/schema';
import { supportDayOf } from '../src/modules/community/support-day';
import { createTestApp, type TestApp } from './harness';
import { ADMIN_TOKEN, admin, createShop, createShopper } from './orders.helpers';
import { assist, get, post, shopSupportDays } from './community.helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminToken: ADMIN_TOKEN });
});
afterAll(() => t.close());

describe('shop support (mutual aid)', () => {
  it('supports a shop once a day: "Support Successful", then "Support Failed"; the shop gains one day', async () => {
    const shopper = await createShopper(t, 'supporter-once');
    const shop = await createShop(t);
    const first = await assist(t, shopper, shop.id);
    expect(first).toMatchObject({
      status: 200,
      code: 1,
      msg: 'Support Successful',
      data: { shopId: shop.id, supportedToday: true, days: 1, totalDays: 1, streak: 1 },
    });
    const second = await assist(t, shopper, shop.id);
    expect(second).toMatchObject({ code: 0, msg: 'Support Failed' });
    expect(await shopSupportDays(t, shop.id)).toBe(1);
    const status = await post<SupportStatus>(t, '/api/merchant/assistStatus', { shopId: shop.id }, shopper.headers);
    expect(status.data).toMatchObject({ supportedToday: true, days: 1, totalDays: 1 });
  });

  it('counts 20 concurrent supports of one shopper for one shop and day once', async () => {
    const shopper = await createShopper(t, 'supporter-burst');
    const shop = await createShop(t);
    const replies = await Promise.all(Array.from({ length: 20 }, () => assist(t, shopper, shop.id)));
    expect(replies.filter((reply) => reply.code === 1)).toHaveLength(1);
    expect(replies.filter((reply) => reply.code !== 1).map((reply) => [reply.status, reply.msg])).toEqual(
      Array.from({ length: 19 }, () => [200, 'Support Failed']),
    );
    expect(await shopSupportDays(t, shop.id)).toBe(1);
  });

  it('history lists past supports newest first with shop, day and cumulative days', async () => {
    const shopper = await createShopper(t, 'supporter-history');
    const [a, b] = [await createShop(t, 'History Shop A'), await createShop(t, 'History Shop B')];
    await t.db.insert(shopSupports).values([
      { userId: shopper.id, shopId: a.id, supportDay: '2024-03-01' },
      { userId: shopper.id, shopId: a.id, supportDay: '2024-03-02' },
    ]);
    expect((await assist(t, shopper, b.id)).code).toBe(1);
    const history = await post<Page<SupportHistoryEntry>>(t, '/api/merchant/assistHistory', {}, shopper.headers);
    expect(history.code).toBe(1);
    expect(history.data.total).toBe(3);
    expect(history.data.list.map((e) => [e.shopId, e.shopName, e.day, e.count, e.days])).toEqual([
      [b.id, 'History Shop B', supportDayOf(t.config.now(), 'UTC'), 1, 1],
      [a.id, 'History Shop A', '2024-03-02', 2, 2],
      [a.id, 'History Shop A', '2024-03-01', 1, 2],
    ]);
    expect(history.data.list[0]!.logo).toBe(`/api/images/shop/${b.id}.svg`);
    const paged = await post<Page<SupportHistoryEntry>>(
      t,
      '/api/merchant/assistHistory',
      { page: 2, pageSize: 2 },
      shopper.headers,
    );
    expect(paged.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.data.list.map((e) => e.day)).toEqual(['2024-03-01']);
  });

  it('assistList shows followed shops first with the shopper days, the shop total and today', async () => {
    const shopper = await createShopper(t, 'supporter-list');
    const shop = await createShop(t, 'Followed Support Shop');
    expect((await post(t, '/api/catalogue/follow', { shopId: shop.id }, shopper.headers)).code).toBe(1);
    expect((await assist(t, shopper, shop.id)).code).toBe(1);
    const list = await post<Page<SupportRecord>>(t, '/api/merchant/assistList', { pageSize: 100 }, shopper.headers);
    expect(list.code).toBe(1);
    expect(list.data.list[0]).toEqual({
      shopId: shop.id,
      shopName: 'Followed Support Shop',
      logo: `/api/images/shop/${shop.id}.svg`,
      days: 1,
      totalDays: 1,
      supportedToday: true,
      followed: true,
    });
    const rest = list.data.list.slice(1);
    expect(rest.every((row) => !row.followed && !row.supportedToday && row.days === 0)).toBe(true);
    const [countRow] = (
      (await t.db.execute(sql`SELECT count(*)::int AS n FROM shops`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(list.data.total).toBe(countRow!.n);
  });

  it('writes a supportStreak notification when the streak reaches 7 days', async () => {
    const shopper = await createShopper(t, 'supporter-streak');
    const shop = await createShop(t, 'Streak Shop');
    const today = new Date(`${supportDayOf(t.config.now(), 'UTC')}T12:00:00Z`);
    const earlier = Array.from({ length: 6 }, (_, i) =>
      new Date(today.getTime() - (i + 1) * 86_400_000).toISOString().slice(0, 10),
    );
    await t.db
      .insert(shopSupports)
      .values(earlier.map((supportDay) => ({ userId: shopper.id, shopId: shop.id, supportDay })));
    const reply = await assist(t, shopper, shop.id);
    expect(reply.data).toMatchObject({ streak: 7, days: 7 });
    const notes = await get<Page<Notification>>(t, '/api/user/notifications', shopper.headers);
    expect(notes.data.list.map((n) => [n.kind, n.text, n.link])).toEqual([
      ['supportStreak', 'You have supported Streak Shop for 7 days', `/shop/${shop.id}`],
    ]);
  });

  it('raises a shop in hot shops as it gathers support days', async () => {
    const hot = async () =>
      (await get<Page<ShopCard>>(t, '/api/catalogue/hot_shops?pageSize=100', {})).data.list.map((s) => s.id);
    const before = await hot();
    const target = before[Math.floor(before.length / 2)]!;
    const supporters = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createShopper(t, `ranking-supporter-${i}`)),
    );
    for (const supporter of supporters) expect((await assist(t, supporter, target)).code).toBe(1);
    const after = await hot();
    expect(after.indexOf(target)).toBeLessThan(before.indexOf(target));
  });
});

describe('support day in the configured time zone', () => {
  const run = async (zone: string) => {
    // Today (tokens of test shoppers live for a day from the real clock), at 15:30 and 16:30 UTC.
    const day = new Date().toISOString().slice(0, 10);
    let clock = new Date(`${day}T15:30:00Z`);
    const app = await createTestApp({
      community: { ...DEFAULT_COMMUNITY_CONFIG, supportTimeZone: zone },
      now: () => clock,
    });
    try {
      const shopper = await createShopper(app, 'zone-shopper');
      const shop = await createShop(app);
      const first = await assist(app, shopper, shop.id);
      clock = new Date(`${day}T16:30:00Z`);
      const second = await assist(app, shopper, shop.id);
      const next = new Date(`${day}T12:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const shift = (value: string) =>
        value === day ? 'same day' : value === next.toISOString().slice(0, 10) ? 'next day' : value;
      return [shift(first.data.today), second.code === 1 ? shift(second.data.today) : second.msg];
    } finally {
      await app.close();
    }
  };

  it('a new day starts at midnight in SUPPORT_TIME_ZONE, not in UTC', async () => {
    // 15:30 UTC is 23:30 in Shanghai; 16:30 UTC is 00:30 of the next day there.
    expect(await run('Asia/Shanghai')).toEqual(['same day', 'next day']);
    expect(await run('UTC')).toEqual(['same day', 'Support Failed']);
  });
});

describe('complaints and merchant sign-up', () => {
  it('records a complaint ("Submission Successful") that operators list and handle', async () => {
    const shopper = await createShopper(t, 'complainer');
    const shop = await createShop(t, 'Complained Shop');
    const reply = await post(
      t,
      '/api/merchant/complaint',
      { shopId: shop.id, shopName: '  Complained Shop ', content: ' Never shipped ' },
      shopper.headers,
    );
    expect(reply).toMatchObject({
      code: 1,
      msg: 'Submission Successful',
      data: { shopId: shop.id, shopName: 'Complained Shop', content: 'Never shipped', state: 'open' },
    });
    const id = (reply.data as { id: number }).id;
    const open = await get<Page<{ id: number; account: string; state: string }>>(
      t,
      '/api/admin/complaints?state=open',
      admin,
    );
    expect(open.data.list.find((c) => c.id === id)).toMatchObject({ account: 'complainer', state: 'open' });
    expect(await post(t, '/api/admin/complaint_handle', { id }, admin)).toMatchObject({
      code: 1,
      data: { id, state: 'handled' },
    });
    const handled = await get<Page<{ id: number }>>(t, '/api/admin/complaints?state=handled', admin);
    expect(handled.data.list.map((c) => c.id)).toContain(id);
    // Handling again changes nothing and is audited once.
    expect(await post(t, '/api/admin/complaint_handle', { id }, admin)).toMatchObject({
      code: 1,
      data: { state: 'handled' },
    });
    const audit = await get<{ action: string; targetType: string; targetId: string }[]>(
      t,
      '/api/admin/audit?limit=500',
      admin,
    );
    expect(audit.data.filter((a) => a.targetType === 'complaint' && a.targetId === String(id))).toEqual([
      expect.objectContaining({ action: 'complaint.handle' }),
    ]);
    const stillOpen = await get<Page<{ id: number }>>(t, '/api/admin/complaints?state=open', admin);
    expect(stillOpen.data.list.map((c) => c.id)).not.toContain(id);
  });

  it('a complaint without a shop id names a business', async () => {
    const shopper = await createShopper(t, 'complainer-business');
    const reply = await post(
      t,
      '/api/merchant/complaint',
      { shopName: 'Some Outside Business', content: 'Spam calls' },
      shopper.headers,
    );
    expect(reply).toMatchObject({ code: 1, data: { shopId: null, shopName: 'Some Outside Business' } });
  });

  it('sign-up leads to the seller platform and records an application ("Application successful")', async () => {
    const shopper = await createShopper(t, 'would-be-merchant');
    const signup = await get<{ url: string }>(t, '/api/merchant/signup', shopper.headers);
    expect(signup.data.url).toMatch(/^https?:\/\/[^/]+\/seller$/);
    const reply = await post<MerchantApplyResult>(
      t,
      '/api/merchant/apply',
      { shopName: 'My New Shop', contact: 'me@example.com', note: 'Handmade mugs' },
      shopper.headers,
    );
    expect(reply).toMatchObject({ code: 1, msg: 'Application successful', data: { url: signup.data.url } });
    const list = await get<Page<{ id: number; account: string; shopName: string; contact: string; note: string }>>(
      t,
      '/api/admin/merchant_applications',
      admin,
    );
    expect(list.data.list.find((a) => a.id === reply.data.id)).toMatchObject({
      account: 'would-be-merchant',
      shopName: 'My New Shop',
      contact: 'me@example.com',
      note: 'Handmade mugs',
      approvedAt: null,
      shopId: null,
    });
  });
});
