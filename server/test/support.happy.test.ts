import type { ServiceChannel, ServiceThread } from '@marketplace/shared/contracts';
import { createNotifier } from '../src/modules/support/notifier';
import { createSupportRepository } from '../src/modules/support/support.repository';
import { createSupportService } from '../src/modules/support/support.service';
import { call, type TestApp } from './harness';
import { admin, appForFile, createShopper, type Shopper } from './kit';
import {
  content,
  listNotifications,
  markRead,
  notify,
  reply,
  sendMessage,
  thread,
  unreadCount,
} from './support.helpers';

let t: TestApp;
let alice: Shopper;

appForFile((opened) => ([t, alice] = opened), 'alice-support');

describe('notifications', () => {
  it('lists the events newest first, rendered in the reader language, with the unread count', async () => {
    const bob = await createShopper(t, 'bob-notices');
    await notify(t, t.db, bob.id, 'orderShipped', { orderNo: 'MP123' }, '/orderInfo/7');
    await notify(t, null, bob.id, 'topUpApproved', { amount: 12_345 }, '/topUpRecord');
    await notify(t, t.db, bob.id, 'supportStreak', { shop: 'Tea House', days: 7 }, '/mutualAid');

    expect(await unreadCount(t, bob)).toBe(3);
    const page = await listNotifications(t, bob);
    expect(page.code).toBe(1);
    expect(page.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.data.list.map(({ kind, text, link, read }) => ({ kind, text, link, read }))).toEqual([
      { kind: 'supportStreak', text: 'You have supported Tea House for 7 days', link: '/mutualAid', read: false },
      { kind: 'topUpApproved', text: 'Your top-up of $123.45 was approved', link: '/topUpRecord', read: false },
      { kind: 'orderShipped', text: 'Your order MP123 has been shipped', link: '/orderInfo/7', read: false },
    ]);

    const chinese = await listNotifications(t, bob, '', 'zh-cn');
    expect(chinese.data.list[2]!.text).toBe('您的订单 MP123 已发货');
  });

  it('pages with page and pageSize', async () => {
    const carol = await createShopper(t, 'carol-notices');
    for (let n = 1; n <= 5; n++) await notify(t, t.db, carol.id, 'orderShipped', { orderNo: `N${n}` }, '');
    const second = await listNotifications(t, carol, '?page=2&pageSize=2');
    expect(second.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.data.list.map((n) => n.text)).toEqual([
      'Your order N3 has been shipped',
      'Your order N2 has been shipped',
    ]);
  });

  it('marks chosen ones read, then all, and the count follows', async () => {
    const dave = await createShopper(t, 'dave-notices');
    for (const orderNo of ['A', 'B', 'C']) await notify(t, t.db, dave.id, 'orderShipped', { orderNo }, '');
    const [newest] = (await listNotifications(t, dave)).data.list;

    const one = await markRead(t, dave, { ids: [newest!.id] });
    expect(one).toMatchObject({ code: 1, msg: 'Marked as read', data: { marked: 1, unread: 2 } });
    expect((await listNotifications(t, dave)).data.list.map((n) => n.read)).toEqual([true, false, false]);

    expect((await markRead(t, dave, { all: true })).data).toEqual({ marked: 2, unread: 0 });
    expect(await unreadCount(t, dave)).toBe(0);
  });

  it('keeps only in-app links', async () => {
    const erin = await createShopper(t, 'erin-notices');
    await notify(t, t.db, erin.id, 'orderShipped', { orderNo: 'X' }, 'https://evil.example/');
    await notify(t, t.db, erin.id, 'orderShipped', { orderNo: 'Y' }, '//evil.example/');
    expect((await listNotifications(t, erin)).data.list.map((n) => n.link)).toEqual(['', '']);
  });

  it('is written in the caller transaction: a rolled-back transaction leaves no notification', async () => {
    const fay = await createShopper(t, 'fay-notices');
    await expect(
      t.db.transaction(async (tx) => {
        await notify(t, tx, fay.id, 'refundAgreed', { orderNo: 'R1' }, '/orderInfo/1');
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await unreadCount(t, fay)).toBe(0);
  });
});

describe('customer service', () => {
  it('a shopper writes, an operator sees the thread unanswered, answers, and the shopper reads the answer', async () => {
    const sent = await sendMessage(t, alice, '  Where is my parcel?  ');
    expect(sent).toMatchObject({
      code: 1,
      msg: 'Message sent',
      data: { fromOperator: false, body: 'Where is my parcel?' },
    });
    await sendMessage(t, alice, 'Order MP1');

    const threads = await call<ServiceThread[]>(t.app, {
      method: 'GET',
      url: '/api/admin/service_threads',
      headers: admin,
    });
    expect(threads.data.find((row) => row.userId === alice.id)).toMatchObject({
      account: 'alice-support',
      lastMessage: 'Order MP1',
      unanswered: 2,
    });
    const operatorView = await call(t.app, {
      method: 'GET',
      url: `/api/admin/service_messages?userId=${alice.id}`,
      headers: admin,
    });
    expect(operatorView.data).toHaveLength(2);

    const answered = await reply(t, alice.id, 'It ships tomorrow.');
    expect(answered).toMatchObject({ code: 1, msg: 'Reply sent', data: { fromOperator: true } });

    const afterReply = await call<ServiceThread[]>(t.app, {
      method: 'GET',
      url: '/api/admin/service_threads',
      headers: admin,
    });
    expect(afterReply.data.find((row) => row.userId === alice.id)?.unanswered).toBe(0);

    const mine = await thread(t, alice);
    expect(mine.data.map(({ fromOperator, body }) => ({ fromOperator, body }))).toEqual([
      { fromOperator: false, body: 'Where is my parcel?' },
      { fromOperator: false, body: 'Order MP1' },
      { fromOperator: true, body: 'It ships tomorrow.' },
    ]);
    const notices = await listNotifications(t, alice);
    expect(notices.data.list[0]).toMatchObject({
      kind: 'serviceReply',
      text: 'Customer service replied to your message',
      link: '/service',
    });
  });

  it('lists the external channels: e-mail open, WhatsApp and Telegram not yet open (no link)', async () => {
    const channels = await call<ServiceChannel[]>(t.app, {
      method: 'GET',
      url: '/api/user/service_channels',
      headers: alice.headers,
    });
    expect(channels.data.map(({ kind, url, enabled }) => ({ kind, url, enabled }))).toEqual([
      { kind: 'email', url: 'mailto:support@marketplace.test', enabled: true },
      { kind: 'whatsapp', url: '', enabled: false },
      { kind: 'telegram', url: '', enabled: false },
    ]);
  });

  it('an operator opens a channel with its link', async () => {
    const channels = await call<ServiceChannel[]>(t.app, {
      method: 'GET',
      url: '/api/user/service_channels',
      headers: alice.headers,
    });
    const telegram = channels.data.find((c) => c.kind === 'telegram')!;
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/admin/service_channel',
      headers: admin,
      payload: { id: telegram.id, enabled: true, url: 'https://t.me/marketplace_help' },
    });
    expect(saved).toMatchObject({ code: 1, msg: 'Save successful' });
    const after = await call<ServiceChannel[]>(t.app, {
      method: 'GET',
      url: '/api/user/service_channels',
      headers: alice.headers,
    });
    expect(after.data.find((c) => c.kind === 'telegram')).toMatchObject({
      enabled: true,
      url: 'https://t.me/marketplace_help',
    });
  });
});

describe('help, law and platform pages', () => {
  it.each([
    ['/api/user/help_support', 'help', 'Help and support', '帮助与支持'],
    ['/api/user/law', 'law', 'Terms of service and privacy policy', '服务条款与隐私政策'],
    ['/api/user/platform', 'platform', 'Partner with us', '平台合作'],
  ])('%s serves the seeded page in English and Simplified Chinese', async (path, slug, english, chinese) => {
    const en = await content(t, alice, path);
    expect(en.data).toMatchObject({ slug, lang: 'en', title: english });
    expect(en.data.body.length).toBeGreaterThan(300);
    expect((await content(t, alice, path, 'zh-cn')).data).toMatchObject({ slug, lang: 'zh-cn', title: chinese });
  });

  it('falls back to English for a language without its own page', async () => {
    expect((await content(t, alice, '/api/user/law', 'de')).data).toMatchObject({ lang: 'en' });
  });

  it('an operator edits a page and adds a language; the shopper sees it', async () => {
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/admin/content_page',
      headers: admin,
      payload: { slug: 'help', lang: 'de', title: 'Hilfe', body: 'Bestellen\n\nBezahlen' },
    });
    expect(saved).toMatchObject({ code: 1, msg: 'Save successful' });
    expect((await content(t, alice, '/api/user/help_support', 'de')).data).toEqual({
      slug: 'help',
      lang: 'de',
      title: 'Hilfe',
      body: 'Bestellen\n\nBezahlen',
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/content_page',
      headers: admin,
      payload: { slug: 'help', lang: 'de', title: 'Hilfe und Support', body: 'Neu' },
    });
    expect((await content(t, alice, '/api/user/help_support', 'de')).data.title).toBe('Hilfe und Support');
  });

  it('keeps an operator page when the server starts again (the seed never overwrites)', async () => {
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/content_page',
      headers: admin,
      payload: { slug: 'platform', lang: 'en', title: 'Sell with us', body: 'Edited' },
    });
    await createSupportService({
      db: t.db,
      support: createSupportRepository(t.db),
      notifier: createNotifier(t.db),
      now: () => new Date(),
    }).ensureDefaults();
    expect((await content(t, alice, '/api/user/platform')).data.title).toBe('Sell with us');
  });
});
