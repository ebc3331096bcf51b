import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { call, postAs, type TestApp } from './harness';
import { createShopper, type Shopper } from './orders.helpers';

/** A seller signed in through the whole invitation: what a test needs to call and to sign in again. */
export interface Seller {
  email: string;
  password: string;
  secret: string;
  token: string;
  headers: { 'seller-token': string };
}

/** The code an authenticator shows at the app's clock. */
export const sellerCode = (t: TestApp, secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: t.config.now().getTime(),
  });

/** The invitation code of the newest mail to `email` in the app's outbox folder. */
export const inviteCodeFor = (t: TestApp, email: string): string => {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const mails = readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${email}\n`));
  const link = /(https?:\/\/\S+\/seller\/invite#code=([\w-]+))/.exec(mails.at(-1) ?? '');
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return link[2]!;
};

/** Password, then the authenticator's code, as the seller app's set-up page does: the signed-in seller. */
export const acceptInvite = async (t: TestApp, email: string, code = inviteCodeFor(t, email)): Promise<Seller> => {
  const password = `${email}-correct-horse`;
  const setup = await call<{ secret: string }>(t.app, {
    method: 'POST',
    url: '/api/seller/auth/setup',
    payload: { code, password },
  });
  if (setup.code !== 1) throw new Error(`setup of ${email}: ${setup.msg}`);
  const confirmed = await call<{ token: string }>(t.app, {
    method: 'POST',
    url: '/api/seller/auth/setup_confirm',
    payload: { code, totp: sellerCode(t, setup.data.secret) },
  });
  if (confirmed.code !== 1) throw new Error(`confirmation of ${email}: ${confirmed.msg}`);
  const { token } = confirmed.data;
  return { email, password, secret: setup.data.secret, token, headers: { 'seller-token': token } };
};

/** A shopper applies for `shopName`, the operator approves it and the owner accepts the invitation. */
export const approvedOwner = async (
  t: TestApp,
  operator: { headers: Record<string, string> },
  shopName: string,
  email: string,
) => {
  const applicant: Shopper = await createShopper(t, `applicant${Math.floor(Math.random() * 1e9)}`);
  const applied = await postAs<{ id: number }>(t.app, applicant, '/api/merchant/apply', { shopName, contact: email });
  if (applied.code !== 1) throw new Error(`apply: ${applied.msg}`);
  const approved = await postAs<{ shopId: number }>(t.app, operator, '/api/admin/merchant_application/approve', {
    id: applied.data.id,
    email,
  });
  if (approved.code !== 1) throw new Error(`approve: ${approved.msg}`);
  return { shopId: approved.data.shopId, owner: await acceptInvite(t, email) };
};

/** The owner invites `email` with `roles` and the staff member accepts. */
export const invitedStaff = async (t: TestApp, owner: Seller, email: string, roles: string[]) => {
  const invited = await postAs(t.app, owner, '/api/seller/staff/invite', { email, roles });
  if (invited.code !== 1) throw new Error(`invite ${email}: ${invited.msg}`);
  return acceptInvite(t, email);
};
