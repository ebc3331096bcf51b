import { count, eq } from 'drizzle-orm';
import { merchantApplications, shops } from '../src/db/schema';
import { appForFile, call, createShopper, postAs, staff, type Operator, type TestApp } from './kit';
import { acceptInvite, approvedOwner, inviteCodeFor, invitedStaff, sellerCode, type Seller } from './sellers.helpers';

let t: TestApp;
appForFile((opened) => ([t] = opened));

let sam: Operator;
let owner: Seller;
let shopId: number;

beforeAll(async () => {
  [, sam] = await staff(t, ['sam', 'support']);
  ({ owner, shopId } = await approvedOwner(t, sam, 'Lumen Lamps', 'lena@example.com'));
});

describe('seller accounts from merchant sign-up', () => {
  it('approval creates the shop, marks the application and signs the invited owner in', async () => {
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, shopId));
    expect(shop?.name).toBe('Lumen Lamps');
    const [application] = await t.db.select().from(merchantApplications).where(eq(merchantApplications.shopId, shopId));
    expect(application?.approvedAt).toBeInstanceOf(Date);
    const me = await call(t.app, { method: 'GET', url: '/api/seller/me', headers: owner.headers });
    expect(me.data).toMatchObject({
      email: 'lena@example.com',
      roles: ['owner'],
      shop: { id: shopId, name: 'Lumen Lamps' },
    });
  });

  it('binds a seeded shop by name and refuses a second approval or a second owner', async () => {
    const [seeded] = await t.db.select().from(shops).limit(1);
    const before = await t.db.select({ n: count() }).from(shops);
    const bound = await approvedOwner(t, sam, seeded!.name, 'demo.owner@example.com');
    expect(bound.shopId).toBe(seeded!.id);
    expect(await t.db.select({ n: count() }).from(shops)).toEqual(before);
    const again = await approvedOwner(t, sam, seeded!.name, 'second.owner@example.com').catch((e: Error) => e.message);
    expect(again).toMatch(/approve: This shop already has an owner/);
  });

  it('the invitation link works once', async () => {
    const code = inviteCodeFor(t, 'lena@example.com');
    const reused = await call(t.app, { method: 'POST', url: '/api/seller/auth/invitation', payload: { code } });
    expect(reused.msg).toBe('This invitation link is wrong, used or expired');
    await expect(acceptInvite(t, 'lena@example.com', code)).rejects.toThrow(/wrong, used or expired/);
  });

  it('signs in with password and TOTP, a code once; sign-out ends the session', async () => {
    t.advance(30_000);
    const body = { email: owner.email, password: owner.password, code: sellerCode(t, owner.secret) };
    const signedIn = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/seller/auth/sign_in',
      payload: body,
    });
    expect(signedIn.code).toBe(1);
    const replay = await call(t.app, { method: 'POST', url: '/api/seller/auth/sign_in', payload: body });
    expect(replay).toMatchObject({ status: 401, msg: 'Wrong e-mail, password or verification code' });
    const headers = { 'seller-token': signedIn.data.token };
    expect((await call(t.app, { method: 'POST', url: '/api/seller/auth/sign_out', headers })).code).toBe(1);
    expect((await call(t.app, { method: 'GET', url: '/api/seller/me', headers })).status).toBe(401);
  });

  it('the owner invites staff with roles, changes them and disables one (sessions end at once)', async () => {
    const lee = await invitedStaff(t, owner, 'lee@example.com', ['listings']);
    const list = await call<{ id: number; email: string; roles: string[] }[]>(t.app, {
      method: 'GET',
      url: '/api/seller/staff',
      headers: owner.headers,
    });
    const leeRow = list.data.find((row) => row.email === 'lee@example.com')!;
    expect(leeRow.roles).toEqual(['listings']);
    const roles = await postAs(t.app, owner, '/api/seller/staff/roles', {
      id: leeRow.id,
      roles: ['orders', 'finance'],
    });
    expect(roles.data).toEqual({ id: leeRow.id, roles: ['orders', 'finance'] });
    const off = await postAs(t.app, owner, '/api/seller/staff/disabled', { id: leeRow.id, disabled: true });
    expect(off.data).toMatchObject({ disabled: true, revoked: 1 });
    expect((await call(t.app, { method: 'GET', url: '/api/seller/me', headers: lee.headers })).status).toBe(401);
    expect(
      (await postAs(t.app, lee, '/api/seller/staff/invite', { email: 'x@example.com', roles: ['orders'] })).status,
    ).toBe(401);
  });

  it('merchant sign-up leads to this deployment’s own seller centre', async () => {
    const shopper = await createShopper(t, 'wouldbe');
    const signup = await call<{ url: string }>(t.app, {
      method: 'GET',
      url: '/api/merchant/signup',
      headers: shopper.headers,
    });
    expect(signup.data.url).toBe('http://localhost/seller');
  });
});
