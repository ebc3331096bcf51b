jest.setTimeout(120_000);

import { VERIFICATION_HEADER } from '@marketplace/shared/contracts';
import { call, createTestApp, humanToken, type TestApp } from './harness';
import { ADMIN_TOKEN, createShopper, multipart, PNG, upload } from './orders.helpers';
import { requestTopUp } from './wallet.helpers';

describe('human verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  it('admits a bounded number of sign-ins per solved challenge, not unlimited for 30 minutes', async () => {
    const token = await humanToken(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const reply = await call(t.app, {
        method: 'POST',
        url: '/api/user/login',
        headers: { [VERIFICATION_HEADER]: token },
        payload: { account: `nobody${i}`, password: 'wrong-password' },
      });
      codes.push(reply.code);
    }
    expect(codes.slice(0, t.config.altcha.tokenMaxUses)).toEqual(Array(t.config.altcha.tokenMaxUses).fill(0));
    expect(codes.slice(t.config.altcha.tokenMaxUses)).toEqual([428, 428, 428]);
  });
});

describe('rate limits per address across accounts and per account across addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: { max: 3, windowMs: 60_000 }, adminToken: ADMIN_TOKEN });
  });
  afterAll(() => t.close());

  const login = async (account: string, ip: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: ip,
        headers: { [VERIFICATION_HEADER]: await humanToken(t.app) },
        payload: { account, password: 'wrong-password' },
      })
    ).statusCode;

  it('throttles one address that tries many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await login(`spray${i}`, '10.0.0.1'));
    // Each account is tried once, so only the across-accounts limit (3 × 3 = 9 per minute) can stop it.
    expect(statuses.slice(0, 9).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
  });

  it('slows one account tried from many addresses down (the sign-in brake: 5 at once, then a growing wait)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await login('target', `10.1.0.${i}`));
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    t.advance(1_100);
    expect(await login('target', '10.1.1.1')).toBe(200);
  });

  it('throttles payment-code checks per shopper', async () => {
    const shopper = await createShopper(t, 'throttled');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/verify_pay',
        remoteAddress: `10.2.0.${i}`,
        headers: shopper.headers,
        payload: { paymentCode: '123456' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 9).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('uploads: hourly quota and removal of files nothing refers to', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      adminToken: ADMIN_TOKEN,
      uploadQuota: { maxCount: 3, maxBytes: 10 * 1024 * 1024, graceMs: 3_600_000 },
    });
  });
  afterAll(() => t.close());

  it('refuses the upload over the per-shopper hourly quota with a clear message', async () => {
    const shopper = await createShopper(t, 'uploader');
    for (let i = 0; i < 3; i++) await upload(t.app, shopper);
    const body = multipart(PNG);
    const fourth = await call(t.app, {
      method: 'POST',
      url: '/api/upload',
      headers: { ...shopper.headers, ...body.headers },
      payload: body.payload,
    });
    expect(fourth).toMatchObject({
      code: 0,
      msg: 'You have uploaded too many files in the last hour, please try again later',
    });
    t.advance(3_600_000 + 1_000);
    expect((await upload(t.app, shopper)).id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('removes unreferenced uploads after the grace period and keeps evidence that is used', async () => {
    const shopper = await createShopper(t, 'cleaner');
    const { fund } = await import('./orders.helpers');
    await fund(t.app, shopper.account, 1_000);
    const stray = await upload(t.app, shopper);
    const used = await requestTopUp(t.app, shopper, 5_000);
    expect(used.code).toBe(1);
    const clean = () =>
      call<{ removed: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/uploads/cleanup',
        headers: { 'admin-token': ADMIN_TOKEN },
      });
    const served = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: shopper.headers })).statusCode;
    const { sql } = await import('drizzle-orm');
    const evidence = (
      (await t.db.execute(sql`SELECT evidence_id FROM recharges WHERE id = ${used.data.record.id}`)) as unknown as {
        rows: { evidence_id: string }[];
      }
    ).rows[0]!.evidence_id;

    await clean();
    expect(await served(stray.url)).toBe(200); // still within the grace period: a form may be open
    t.advance(2 * 3_600_000);
    expect((await clean()).data.removed).toBeGreaterThanOrEqual(1);
    expect(await served(stray.url)).toBe(404);
    expect(await served(`/api/upload/${evidence}`)).toBe(200);
  });
});
