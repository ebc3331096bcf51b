import type { ContentPage, ServiceMessage } from '@marketplace/shared/contracts';
import { call, expectEveryRefused, type TestApp } from './harness';
import { admin, appWith, type Shopper } from './kit';
import {
  content,
  listNotifications,
  markRead,
  notify,
  sendMessage,
  supportFingerprint,
  thread,
  unreadCount,
} from './support.helpers';

let t: TestApp;
let alice: Shopper;
let mallory: Shopper;

beforeAll(async () => {
  ({
    t,
    shoppers: [alice, mallory],
  } = await appWith('alice-private', 'mallory-private'));
  await notify(t, t.db, alice.id, 'topUpApproved', { amount: 5_000 }, '/topUpRecord');
  await sendMessage(t, alice, 'My card ends in 4242');
});
afterAll(() => t.close());

describe("one shopper never reaches another's notifications or conversation", () => {
  it("lists only the caller's own notifications and messages", async () => {
    expect((await listNotifications(t, mallory)).data).toMatchObject({ list: [], total: 0 });
    expect(await unreadCount(t, mallory)).toBe(0);
    expect((await thread(t, mallory)).data).toEqual([]);
  });

  it("cannot mark another shopper's notification read, by id or with all", async () => {
    const [aliceNotice] = (await listNotifications(t, alice)).data.list;
    const before = await supportFingerprint(t);
    expect((await markRead(t, mallory, { ids: [aliceNotice!.id] })).data).toEqual({ marked: 0, unread: 0 });
    expect((await markRead(t, mallory, { all: true })).data).toEqual({ marked: 0, unread: 0 });
    expect(await supportFingerprint(t)).toBe(before);
    expect(await unreadCount(t, alice)).toBe(1);
  });

  it('a message cannot be written into another thread (the body names no user)', async () => {
    const sent = await call<ServiceMessage>(t.app, {
      method: 'POST',
      url: '/api/user/service_message',
      headers: mallory.headers,
      payload: { body: 'hello', userId: alice.id },
    });
    expect(sent.code).toBe(1);
    expect((await thread(t, alice)).data.map((m) => m.body)).toEqual(['My card ends in 4242']);
    expect((await thread(t, mallory)).data.map((m) => m.body)).toEqual(['hello']);
  });
});

describe('login and operator boundaries', () => {
  const anonymous: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }[] = [
    { method: 'GET', url: '/api/user/notifications' },
    { method: 'GET', url: '/api/user/notifications/unread_count' },
    { method: 'POST', url: '/api/user/notifications/read', payload: { all: true } },
    { method: 'GET', url: '/api/user/service_messages' },
    { method: 'POST', url: '/api/user/service_message', payload: { body: 'x' } },
    { method: 'GET', url: '/api/user/service_channels' },
    { method: 'GET', url: '/api/user/help_support' },
    { method: 'GET', url: '/api/user/law' },
    { method: 'GET', url: '/api/user/platform' },
  ];
  it.each(anonymous)(
    '$method $url without a token answers 401 "Please login first"',
    async ({ method, url, payload }) => {
      const before = await supportFingerprint(t);
      const reply = await call(t.app, { method, url, payload });
      expect({ status: reply.status, code: reply.code, msg: reply.msg }).toEqual({
        status: 401,
        code: 401,
        msg: 'Please login first',
      });
      expect(await supportFingerprint(t)).toBe(before);
    },
  );

  it('never lets a shopper token (or none) reach the operator calls', async () => {
    const attempts = [
      { method: 'GET' as const, url: '/api/admin/service_threads' },
      { method: 'GET' as const, url: `/api/admin/service_messages?userId=${alice.id}` },
      { method: 'POST' as const, url: '/api/admin/service_reply', payload: { userId: alice.id, body: 'phish' } },
      { method: 'POST' as const, url: '/api/admin/service_channel', payload: { id: 1, enabled: false } },
      {
        method: 'POST' as const,
        url: '/api/admin/content_page',
        payload: { slug: 'law', lang: 'en', title: 'x', body: 'y' },
      },
    ];
    const before = await supportFingerprint(t);
    await expectEveryRefused(t.app, attempts, [alice.headers, mallory.headers, {}, { 'admin-token': alice.token }]);
    expect(await supportFingerprint(t)).toBe(before);
  });
});

describe('content is plain text', () => {
  it('serves a body with <script> exactly as written, for the client to show as text', async () => {
    const body = 'Hello <script>alert("x")</script>\n\n<img src=x onerror=alert(1)>';
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/content_page',
      headers: admin,
      payload: { slug: 'law', lang: 'fr', title: '<b>Loi</b>', body },
    });
    const reply = await call<ContentPage>(t.app, {
      method: 'GET',
      url: '/api/user/law',
      headers: { ...alice.headers, lang: 'fr' },
    });
    expect(reply.data).toMatchObject({ title: '<b>Loi</b>', body });
    const raw = await t.app.inject({ method: 'GET', url: '/api/user/law', headers: { ...alice.headers, lang: 'fr' } });
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves the seeded page to any signed-in shopper', async () => {
    expect((await content(t, mallory, '/api/user/help_support')).code).toBe(1);
  });
});
