import { MAX_ID } from '@marketplace/shared/contracts';
import { call, type TestApp } from './harness';
import { admin, appForFile, type Shopper } from './kit';
import { markRead, reply, sendMessage, supportFingerprint } from './support.helpers';

let t: TestApp;
let shopper: Shopper;

appForFile((opened) => ([t, shopper] = opened), 'support-errors');

describe('customer-service refusals say why and change nothing', () => {
  it.each([
    ['', 'Please enter a message'],
    ['   \n ', 'Please enter a message'],
    [null, 'Please enter a message'],
    [42, 'Please enter a message'],
    ['x'.repeat(1001), 'A message can be at most 1000 characters long'],
    ['nul \u0000 byte', 'Text cannot contain the NUL character (\\0)'],
  ])('a shopper message %j → "%s"', async (body, msg) => {
    const before = await supportFingerprint(t);
    const sent = await sendMessage(t, shopper, body);
    expect({ code: sent.code, msg: sent.msg }).toEqual({ code: 0, msg });
    expect(await supportFingerprint(t)).toBe(before);
  });

  it('accepts exactly 1000 characters', async () => {
    expect((await sendMessage(t, shopper, 'y'.repeat(1000))).code).toBe(1);
  });

  it('says the message is empty in Simplified Chinese when asked', async () => {
    expect((await sendMessage(t, shopper, '', { lang: 'zh-cn' })).msg).toBe('请输入消息内容');
  });

  it.each([
    [0, 'No such customer-service conversation'],
    [-1, 'No such customer-service conversation'],
    [MAX_ID + 1, 'No such customer-service conversation'],
    ['1', 'No such customer-service conversation'],
    [MAX_ID, 'No such customer-service conversation'],
  ])('an operator reply to user %j → "%s"', async (userId, msg) => {
    const before = await supportFingerprint(t);
    const answered = await reply(t, userId, 'Hello');
    expect({ code: answered.code, msg: answered.msg }).toEqual({ code: 0, msg });
    expect(await supportFingerprint(t)).toBe(before);
  });

  it.each(['0', '2147483648', 'abc', '1e3', ''])('reading thread ?userId=%s is refused clearly', async (userId) => {
    const reply = await call(t.app, {
      method: 'GET',
      url: `/api/admin/service_messages?userId=${userId}`,
      headers: admin,
    });
    expect({ status: reply.status, code: reply.code, msg: reply.msg }).toEqual({
      status: 200,
      code: 0,
      msg: 'No such customer-service conversation',
    });
  });

  it('an empty operator reply is refused', async () => {
    const answered = await reply(t, shopper.id, ' ');
    expect(answered).toMatchObject({ code: 0, msg: 'Please enter a message' });
  });
});

describe('notification refusals', () => {
  it.each([
    [{}],
    [{ ids: [] }],
    [{ ids: [0] }],
    [{ ids: [MAX_ID + 1] }],
    [{ ids: ['1'] }],
    [{ all: false }],
    [{ ids: Array.from({ length: 101 }, (_, n) => n + 1) }],
  ])('marking %j read is refused', async (payload) => {
    const before = await supportFingerprint(t);
    const marked = await markRead(t, shopper, payload);
    expect({ code: marked.code, msg: marked.msg }).toEqual({
      code: 0,
      msg: 'Choose the notifications to mark as read',
    });
    expect(await supportFingerprint(t)).toBe(before);
  });

  it.each(['?page=0', '?pageSize=101', '?page=abc'])('a bad page %s is refused without a 5xx', async (query) => {
    const listed = await call(t.app, {
      method: 'GET',
      url: `/api/user/notifications${query}`,
      headers: shopper.headers,
    });
    expect(listed.status).toBeLessThan(500);
    expect(listed.code).toBe(0);
  });
});

describe('content and channel refusals', () => {
  it.each([
    [{ slug: 'faq', lang: 'en', title: 'T', body: 'B' }, 'Choose help, law or platform'],
    [{ slug: 'help', lang: 'xx', title: 'T', body: 'B' }, 'This language is not supported'],
    [{ slug: 'help', lang: 'en', title: ' ', body: 'B' }, 'Please enter a title of at most 200 characters'],
    [{ slug: 'help', lang: 'en', title: 'T', body: '' }, 'Please enter the page text (at most 50000 characters)'],
    [
      { slug: 'help', lang: 'en', title: 'T', body: 'x'.repeat(50_001) },
      'Please enter the page text (at most 50000 characters)',
    ],
  ])('content page %j → "%s"', async (payload, msg) => {
    const before = await supportFingerprint(t);
    const saved = await call(t.app, { method: 'POST', url: '/api/admin/content_page', headers: admin, payload });
    expect({ code: saved.code, msg: saved.msg }).toEqual({ code: 0, msg });
    expect(await supportFingerprint(t)).toBe(before);
  });

  it.each([
    [{ id: MAX_ID, enabled: true }, 'No such customer-service channel'],
    [{ id: MAX_ID + 1, enabled: true }, 'No such customer-service channel'],
    [{ id: 2, url: 'javascript:alert(1)' }, 'A channel link must start with https://, mailto: or tel:'],
    [{ id: 2, url: 'http://plain.example' }, 'A channel link must start with https://, mailto: or tel:'],
    // WhatsApp (seeded closed, no link) cannot be opened without a link.
    [{ id: 2, enabled: true }, 'A channel link must start with https://, mailto: or tel:'],
  ])('channel change %j → "%s"', async (payload, msg) => {
    const before = await supportFingerprint(t);
    const saved = await call(t.app, { method: 'POST', url: '/api/admin/service_channel', headers: admin, payload });
    expect({ code: saved.code, msg: saved.msg }).toEqual({ code: 0, msg });
    expect(await supportFingerprint(t)).toBe(before);
  });
});
