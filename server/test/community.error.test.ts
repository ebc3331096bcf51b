import type { TestApp } from './harness';
import { admin, appForFile, type Shopper } from './kit';
import { assist, communityFingerprint, post } from './community.helpers';

let t: TestApp;
let shopper: Shopper;
appForFile((opened) => ([t, shopper] = opened), 'community-errors');

const REQUIRED = 'Please fill in the shop or business name and the content';

describe('bad input to community calls is refused with a clear message and changes nothing', () => {
  it('complaint: shop or business name and content are required, trimmed and bounded', async () => {
    const before = await communityFingerprint(t);
    const cases: [unknown, string][] = [
      [{}, REQUIRED],
      [{ shopName: 'A shop' }, REQUIRED],
      [{ content: 'Bad service' }, REQUIRED],
      [{ shopName: '   ', content: 'Bad service' }, REQUIRED],
      [{ shopName: 'A shop', content: ' \n ' }, REQUIRED],
      [{ shopName: 42, content: 'Bad service' }, REQUIRED],
      [
        { shopName: 'x'.repeat(101), content: 'Bad service' },
        'The shop or business name may have up to 100 characters and the content up to 1000',
      ],
      [
        { shopName: 'A shop', content: 'x'.repeat(1001) },
        'The shop or business name may have up to 100 characters and the content up to 1000',
      ],
      [{ shopId: 2_147_483_647, shopName: 'A shop', content: 'Bad service' }, 'Shop not found'],
      [{ shopId: 2_147_483_648, shopName: 'A shop', content: 'Bad service' }, 'Shop not found'],
      [{ shopId: '1', shopName: 'A shop', content: 'Bad service' }, 'Shop not found'],
    ];
    for (const [payload, msg] of cases) {
      const reply = await post(t, '/api/merchant/complaint', payload, shopper.headers);
      expect({ payload, code: reply.code, msg: reply.msg }).toEqual({ payload, code: 0, msg });
      expect(reply.status).toBeLessThan(500);
    }
    expect(await communityFingerprint(t)).toBe(before);
  });

  it('complaint message in Chinese', async () => {
    const reply = await post(
      t,
      '/api/merchant/complaint',
      { shopName: '', content: '' },
      { ...shopper.headers, lang: 'zh-cn' },
    );
    expect(reply).toMatchObject({ code: 0, msg: '请填写店铺或商家名称以及投诉内容' });
    const failed = await assist(t, shopper, 1);
    expect(failed.code).toBe(1);
    const again = await post(t, '/api/merchant/assist', { shopId: 1 }, { ...shopper.headers, lang: 'zh-cn' });
    expect(again).toMatchObject({ code: 0, msg: '助力失败' });
  });

  it('support: unknown, out-of-range and mistyped shop ids', async () => {
    const before = await communityFingerprint(t);
    for (const shopId of [2_147_483_647, 2_147_483_648, 0, -1, 1.5, '3', null]) {
      for (const url of ['/api/merchant/assist', '/api/merchant/assistStatus']) {
        const reply = await post(t, url, { shopId }, shopper.headers);
        expect({ url, shopId, code: reply.code, msg: reply.msg }).toEqual({
          url,
          shopId,
          code: 0,
          msg: 'Shop not found',
        });
      }
    }
    expect(await communityFingerprint(t)).toBe(before);
  });

  it('merchant application and VIP upgrade fields', async () => {
    const before = await communityFingerprint(t);
    const cases: [string, unknown, string][] = [
      ['/api/merchant/apply', { contact: 'me@example.com' }, 'Please fill in the shop name'],
      ['/api/merchant/apply', { shopName: 'Shop' }, 'Please fill in a contact (email, phone or messenger)'],
      [
        '/api/merchant/apply',
        { shopName: 'Shop', contact: 'c', note: 'x'.repeat(501) },
        'The note may have up to 500 characters',
      ],
      [
        '/api/user/vipUpgrade',
        { level: 0, payPassword: '123456', requestId: 'request-0001' },
        'Please choose a VIP level',
      ],
      [
        '/api/user/vipUpgrade',
        { level: '1', payPassword: '123456', requestId: 'request-0001' },
        'Please choose a VIP level',
      ],
      ['/api/user/vipUpgrade', { level: 1, payPassword: '', requestId: 'request-0001' }, 'Pay Fail'],
      ['/api/user/vipUpgrade', { level: 1, payPassword: '123456' }, 'The request is malformed'],
      ['/api/user/vipUpgrade', { level: 1, payPassword: '123456', requestId: 'bad id!' }, 'The request is malformed'],
      [
        '/api/user/vipUpgrade',
        { level: 99, payPassword: '123456', requestId: 'request-0001' },
        'This VIP level is not available',
      ],
      ['/api/admin/vip_level', { level: 1, name: 'Free', priceCents: 0 }, 'Please fill in a price above 0'],
      [
        '/api/admin/vip_level',
        { level: 1, name: '', priceCents: 100 },
        'Please fill in the level name (up to 50 characters)',
      ],
      ['/api/admin/complaint_handle', { id: 2_147_483_647 }, 'This complaint does not exist'],
    ];
    for (const [url, payload, msg] of cases) {
      const headers = url.startsWith('/api/admin') ? admin : shopper.headers;
      const reply = await post(t, url, payload, headers);
      expect({ url, payload, code: reply.code, msg: reply.msg }).toEqual({ url, payload, code: 0, msg });
    }
    expect(await communityFingerprint(t)).toBe(before);
  });

  it('operator complaint filter refuses an unknown state', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/admin/complaints?state=closed', headers: admin });
    expect(reply.json()).toMatchObject({ code: 0, msg: 'The state must be open or handled' });
  });
});
